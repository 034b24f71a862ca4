import fc from 'fast-check'
import qs from 'qs'
import { describe, expect, it } from 'vitest'
import { encodeForm, type FormFields, type FormValue } from './form'

const asQs = (fields: FormFields) => qs.stringify(fields, { arrayFormat: 'indices' })

describe('encodeForm', () => {
  it('writes a call body as qs does: method, lang and flat params', () => {
    const fields = { type: 'email', account: 'a+b@c.co', scene: 'register', method: '/v1/send', lang: 'us-en' }
    expect(encodeForm(fields)).toBe('type=email&account=a%2Bb%40c.co&scene=register&method=%2Fv1%2Fsend&lang=us-en')
    expect(encodeForm(fields)).toBe(asQs(fields))
  })

  it('indexes nested arrays and objects', () => {
    const fields = { ids: [4, 5], days: [{ date: '2026-01-02', steps: 10 }], goal: { steps: 1, sleep: [7, 8] } }
    expect(decodeURIComponent(encodeForm(fields))).toBe(
      'ids[0]=4&ids[1]=5&days[0][date]=2026-01-02&days[0][steps]=10&goal[steps]=1&goal[sleep][0]=7&goal[sleep][1]=8',
    )
    expect(encodeForm(fields)).toBe(asQs(fields))
  })

  it('sends null as empty, booleans as words, and leaves out undefined and empty lists', () => {
    const fields = { a: null, b: true, c: false, d: undefined, e: [], f: {}, g: 0, h: '' }
    expect(encodeForm(fields)).toBe('a=&b=true&c=false&g=0&h=')
    expect(encodeForm(fields)).toBe(asQs(fields))
  })

  it("percent-encodes Chinese, spaces and RFC 3986's reserved characters in keys and values", () => {
    const fields = { '名字 (x)': "张三 !'()*~-._", 'a&b=c': '1%2' }
    expect(encodeForm(fields)).toBe(asQs(fields))
    expect(encodeForm(fields)).toContain('%21%27%28%29%2A~-._')
  })

  it('matches qs on any params of the shapes the app sends', () => {
    const scalar = fc.oneof(
      fc.string({ unit: 'grapheme' }),
      fc.integer(),
      fc.double({ noNaN: true }),
      fc.boolean(),
      fc.constant(null),
      fc.constant(undefined),
    )
    const { value } = fc.letrec<{ value: FormValue }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        scalar,
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(fc.string({ minLength: 1 }), tie('value'), { maxKeys: 4 }),
      ),
    }))
    const fields = fc.dictionary(fc.string({ minLength: 1 }), value, { maxKeys: 6 })
    fc.assert(fc.property(fields, (f) => encodeForm(f) === asQs(f)))
  })
})
