import { describe, expect, it } from 'vitest'
import { catalogProblems, languageFiles, placeholders, textsByKey } from './texts.ts'

describe('catalogProblems', () => {
  it('names a missing key, an empty text and differing placeholders, per language', () => {
    const problems = catalogProblems({
      'zh-cn': { a: '请填写{field}', b: '好', c: '{seconds}秒' },
      'us-en': { a: '{field} is required', b: ' ', c: '{wait}' },
      'zh-hk': { a: '請填寫{field}', c: '{seconds}秒' },
    })
    expect(problems).toEqual(['b: empty in us-en', 'b: missing in zh-hk', 'c: placeholders {wait} in us-en differ'])
  })

  it('finds nothing wrong with a complete catalog, nested or not', () => {
    const files = {
      'zh-cn': { errors: { A: '{x}错' } },
      'us-en': { errors: { A: 'bad {x}' } },
      'zh-hk': { errors: { A: '{x}錯' } },
    }
    expect(catalogProblems(files)).toEqual([])
    expect(textsByKey(files)).toEqual({ 'errors.A': { 'zh-cn': '{x}错', 'us-en': 'bad {x}', 'zh-hk': '{x}錯' } })
    expect(languageFiles({ errors: { A: { 'zh-cn': '{x}错', 'us-en': 'bad {x}', 'zh-hk': '{x}錯' } } })).toEqual(files)
  })

  it('lets a language fill a value in twice where another says it once', () => {
    const files = {
      'zh-cn': { a: '比前{{weeks}}周平均高（前{{weeks}}周平均{{base}}）' },
      'us-en': { a: 'above your average of the {{weeks}} weeks before ({{base}})' },
      'zh-hk': { a: '比前{{weeks}}週平均高（前{{weeks}}週平均{{base}}）' },
    }
    expect(catalogProblems(files)).toEqual([])
    expect(catalogProblems({ ...files, 'us-en': { a: 'above your average ({{base}})' } })).toEqual([
      'a: placeholders {base} in us-en differ',
    ])
  })

  it('reads placeholders sorted', () => {
    expect(placeholders('{b} and {a}')).toEqual(['a', 'b'])
  })
})
