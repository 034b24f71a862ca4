import { describe, expect, it } from 'vitest'
import {
  isAccountPassword,
  isEmail,
  isMnemonicOrder,
  isMnemonicShape,
  isPhone,
  isWalletPassword,
  mnemonicWords,
} from './rules.ts'

const TWELVE = 'abandon ability able about above absent absorb abstract absurd abuse access accident'

describe('isPhone', () => {
  it('accepts 11 digits starting with 1', () => {
    expect(isPhone('13800138000')).toBe(true)
  })

  it.each([
    ['10 digits', '1380013800'],
    ['12 digits', '138001380001'],
    ['starting with 2', '23800138000'],
    ['letters', '1380013800a'],
    ['empty', ''],
  ])('refuses %s', (_, value) => {
    expect(isPhone(value)).toBe(false)
  })
})

describe('isEmail', () => {
  it.each(['a@b.cn', 'first.last-x@mail.example.com'])('accepts %s', (value) => {
    expect(isEmail(value)).toBe(true)
  })

  it.each([
    ['no @', 'ab.cn'],
    ['a one-letter suffix', 'a@b.c'],
    ['spaces', 'a b@c.cn'],
    ['a trailing dot', 'a@b.cn.'],
    ['a 300-character address', `${'a'.repeat(291)}@mail.com`],
  ])('refuses %s', (_, value) => {
    expect(isEmail(value)).toBe(false)
  })

  it('refuses a pathological input (ReDoS probe)', () => {
    expect(isEmail(`${'a'.repeat(50000)}@`)).toBe(false)
  })

  it('refuses an address at the length limit that has no domain suffix', () => {
    expect(isEmail(`${'a'.repeat(250)}@b.c`)).toBe(false)
  })
})

describe('isAccountPassword', () => {
  it('accepts 6 and 20 characters', () => {
    expect(isAccountPassword('a'.repeat(6))).toBe(true)
    expect(isAccountPassword('a'.repeat(20))).toBe(true)
  })

  it('refuses 5 and 21 characters', () => {
    expect(isAccountPassword('a'.repeat(5))).toBe(false)
    expect(isAccountPassword('a'.repeat(21))).toBe(false)
  })

  it('refuses white space', () => {
    expect(isAccountPassword('abc def')).toBe(false)
    expect(isAccountPassword('abc\tdef')).toBe(false)
  })
})

describe('isWalletPassword', () => {
  it('accepts 8 to 20 characters', () => {
    expect(isWalletPassword('a'.repeat(8))).toBe(true)
    expect(isWalletPassword('a'.repeat(20))).toBe(true)
  })

  it('refuses 7 and 21 characters', () => {
    expect(isWalletPassword('a'.repeat(7))).toBe(false)
    expect(isWalletPassword('a'.repeat(21))).toBe(false)
  })

  it('counts an emoji as one character', () => {
    // 7 letters + 1 emoji = 8 characters (9 UTF-16 units)
    expect(isWalletPassword('abcdefg😀')).toBe(true)
    // 11 emoji are 11 characters even though they are 22 UTF-16 units
    expect(isWalletPassword('😀'.repeat(11))).toBe(true)
    expect(isWalletPassword('😀'.repeat(21))).toBe(false)
    // 4 emoji are 8 UTF-16 units but only 4 characters
    expect(isWalletPassword('😀'.repeat(4))).toBe(false)
  })
})

describe('mnemonicWords and isMnemonicShape', () => {
  it('splits 12 words', () => {
    expect(mnemonicWords(TWELVE)).toHaveLength(12)
    expect(isMnemonicShape(TWELVE)).toBe(true)
  })

  it('normalizes extra spaces, newlines and upper case', () => {
    const messy = `  ${TWELVE.toUpperCase().split(' ').join('   \n')}\n `
    expect(mnemonicWords(messy)).toEqual(TWELVE.split(' '))
    expect(isMnemonicShape(messy)).toBe(true)
  })

  it('refuses 11 and 13 words', () => {
    const words = TWELVE.split(' ')
    expect(isMnemonicShape(words.slice(0, 11).join(' '))).toBe(false)
    expect(isMnemonicShape([...words, 'actor'].join(' '))).toBe(false)
  })

  it('refuses words that are not letters', () => {
    expect(isMnemonicShape(TWELVE.replace('abandon', 'aband0n'))).toBe(false)
  })

  it('gives no words for a blank phrase', () => {
    expect(mnemonicWords('  \n ')).toEqual([])
  })
})

describe('isMnemonicOrder', () => {
  const original = TWELVE.split(' ')

  it('accepts the words in the original order', () => {
    expect(isMnemonicOrder(original, [...original])).toBe(true)
  })

  it('refuses the words in another order', () => {
    const swapped = [...original]
    ;[swapped[0], swapped[1]] = [original[1] ?? '', original[0] ?? '']
    expect(isMnemonicOrder(original, swapped)).toBe(false)
  })

  it('refuses a partial pick', () => {
    expect(isMnemonicOrder(original, original.slice(0, 11))).toBe(false)
  })
})
