import { describe, expect, it } from 'vitest'
import { seedDecision, textVersion } from './seeded-texts.ts'

describe('seedDecision', () => {
  const catalog = { title: '關於', content: '智慧手錶' }
  const earlier = { title: '關於', content: '智能手錶' }

  it('updates a row from before versions whose texts hash to a version an earlier catalog listed', () => {
    expect(seedDecision({ texts: earlier, seedVersion: null }, catalog, [], [textVersion(earlier)])).toBe('update')
    expect(seedDecision({ texts: earlier, seedVersion: null }, catalog, [earlier])).toBe('update')
  })

  it('keeps a row from before versions whose texts no catalog listed, and an edited row', () => {
    expect(seedDecision({ texts: earlier, seedVersion: null }, catalog, [], [textVersion(catalog)])).toBe('keep')
    const edited = { title: '關於', content: '營運團隊的介紹' }
    expect(seedDecision({ texts: edited, seedVersion: textVersion(earlier) }, catalog, [], [textVersion(edited)])).toBe(
      'keep',
    )
  })
})
