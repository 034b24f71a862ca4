import { describe, expect, it } from 'vitest'
import { readMnemonic, readPrivateKey } from './secretInput'

// The BIP39 test vector of 128 bits of 0x00: the last word carries the checksum.
const WORDS = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about'
const KEY = '4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318'

describe('reading an imported secret', () => {
  it('accepts 12 words however they were spaced or capitalised', () => {
    expect(readMnemonic(`  ${WORDS.toUpperCase().replaceAll(' ', '   ')}\n`)).toEqual({
      ok: true,
      value: { kind: 'mnemonic', mnemonic: WORDS },
    })
  })

  it('refuses 11 or 13 valid words by their count', () => {
    for (const phrase of [WORDS.split(' ').slice(1).join(' '), `${WORDS} about`, ''])
      expect(readMnemonic(phrase), phrase).toEqual({ ok: false, problem: { code: 'MNEMONIC_INVALID' } })
  })

  it('names the words off the list by position, not the count', () => {
    expect(readMnemonic(WORDS.replace(/^abandon/, 'bitcoin1').replace(/about$/, 'abuot'))).toEqual({
      ok: false,
      problem: {
        unknownWords: [
          { position: 1, word: 'bitcoin1' },
          { position: 12, word: 'abuot' },
        ],
      },
    })
  })

  it('says the checksum does not match when every word is on the list', () => {
    expect(readMnemonic(WORDS.replace(/about$/, 'abandon'))).toEqual({
      ok: false,
      problem: { code: 'MNEMONIC_CHECKSUM' },
    })
  })

  it('accepts a private key with or without 0x, refuses anything else', () => {
    expect(readPrivateKey(KEY)).toEqual({ ok: true, value: { kind: 'private_key', privateKey: `0x${KEY}` } })
    expect(readPrivateKey(` 0x${KEY.toUpperCase()} `)).toEqual({
      ok: true,
      value: { kind: 'private_key', privateKey: `0x${KEY}` },
    })
    for (const key of [KEY.slice(1), `${KEY}0`, '0'.repeat(64), 'zz'.repeat(32)])
      expect(readPrivateKey(key), key).toEqual({ ok: false, problem: { code: 'PRIVATE_KEY_INVALID' } })
  })
})
