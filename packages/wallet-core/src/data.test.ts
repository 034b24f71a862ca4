import { describe, expect, it } from 'vitest'
import { decodeData, encodeData } from './data.ts'

describe('encodeData', () => {
  it('encodes text as UTF-8', () => {
    expect(encodeData({ text: 'hi' })).toBe('0x6869')
    expect(encodeData({ text: 'é' })).toBe('0xc3a9')
    expect(encodeData({ text: '' })).toBe('0x')
  })

  it('accepts 0x and whole bytes of hex, lower-cased', () => {
    expect(encodeData({ hex: '0xAbCd' })).toBe('0xabcd')
    expect(encodeData({ hex: '0x' })).toBe('0x')
  })

  it('refuses hex without 0x, with an odd length or with other characters', () => {
    for (const hex of ['abcd', '0xabc', '0xzz', '0X00', '', ' 0x00']) {
      expect(() => encodeData({ hex }), hex).toThrow(expect.objectContaining({ code: 'FIELD_INVALID' }))
    }
  })
})

describe('decodeData', () => {
  it('shows empty data as nothing', () => {
    expect(decodeData('')).toEqual({ hex: '', text: '' })
    expect(decodeData('0x')).toEqual({ hex: '', text: '' })
  })

  it('reads printable UTF-8 back as text, line breaks and emoji included', () => {
    for (const text of ['hello', '转账 备注', 'line 1\nline 2\ttab', '👩‍💻 ok']) {
      expect(decodeData(encodeData({ text }))).toEqual({ hex: encodeData({ text }), text })
    }
  })

  it('gives no text for bytes that are not printable UTF-8', () => {
    expect(decodeData('0xff')).toEqual({ hex: '0xff', text: '' })
    expect(decodeData('0x00')).toEqual({ hex: '0x00', text: '' })
    expect(decodeData(encodeData({ text: 'bell\u0007' })).text).toBe('')
    expect(decodeData(encodeData({ text: 'abc\u202edcba' })).text).toBe('')
    expect(decodeData('0xa9059cbb').text).toBe('')
  })

  it('lower-cases the hex it shows and refuses what is not hex', () => {
    expect(decodeData('0x6869ABCD').hex).toBe('0x6869abcd')
    expect(() => decodeData('hello')).toThrow(expect.objectContaining({ code: 'FIELD_INVALID' }))
  })
})
