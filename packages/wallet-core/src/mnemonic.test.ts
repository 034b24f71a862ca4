import { entropyToMnemonic, mnemonicToSeedSync } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import { bytesToHex, hexToBytes } from 'viem'
import { describe, expect, it } from 'vitest'
import bip39 from './fixtures/bip39-english.json'
import { generateMnemonic, isValidMnemonic, mnemonicProblem, normalizeMnemonic } from './mnemonic.ts'

const ABOUT = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about'

describe('BIP39 English test vectors (trezor/python-mnemonic, 12 words)', () => {
  it.each(bip39.vectors)('entropy $entropy gives its words and seed', ({ entropy, mnemonic, seed }) => {
    expect(entropyToMnemonic(hexToBytes(`0x${entropy}`), wordlist)).toBe(mnemonic)
    expect(bytesToHex(mnemonicToSeedSync(mnemonic, bip39.passphrase))).toBe(`0x${seed}`)
    expect(isValidMnemonic(mnemonic)).toBe(true)
  })
})

describe('generateMnemonic', () => {
  it('gives 12 valid English words, different each time', () => {
    const a = generateMnemonic()
    const b = generateMnemonic()
    expect(a.split(' ')).toHaveLength(12)
    expect(a.split(' ').every((word) => wordlist.includes(word))).toBe(true)
    expect(isValidMnemonic(a)).toBe(true)
    expect(a).not.toBe(b)
  })
})

describe('isValidMnemonic', () => {
  it('accepts the words however they were typed or pasted', () => {
    expect(isValidMnemonic(`  ${ABOUT.toUpperCase().replaceAll(' ', ' \n\t ')}  `)).toBe(true)
  })

  it('refuses a wrong checksum word', () => {
    expect(isValidMnemonic(ABOUT.replace(/about$/, 'abandon'))).toBe(false)
  })

  it('refuses a word outside the English list', () => {
    expect(isValidMnemonic(ABOUT.replace(/^abandon/, 'abandonn'))).toBe(false)
  })

  it('refuses 11 words and a valid 24-word phrase', () => {
    expect(isValidMnemonic(ABOUT.split(' ').slice(1).join(' '))).toBe(false)
    expect(isValidMnemonic(`${'abandon '.repeat(23)}art`)).toBe(false)
    expect(isValidMnemonic('')).toBe(false)
  })
})

describe('mnemonicProblem', () => {
  const LEGAL = 'legal winner thank year wave sausage worth useful legal winner thank yellow'

  it('finds nothing wrong with a valid phrase', () => {
    expect(mnemonicProblem(` ${LEGAL.toUpperCase()} `)).toBeNull()
  })

  it('names each word outside the list by its position', () => {
    expect(mnemonicProblem(LEGAL.replace('thank year', 'thnak year').replace('yellow', 'yelow'))).toEqual({
      kind: 'unknown',
      words: [
        { position: 3, word: 'thnak' },
        { position: 12, word: 'yelow' },
      ],
    })
    expect(mnemonicProblem(ABOUT.replace(/^abandon/, 'aband0n'))).toEqual({
      kind: 'unknown',
      words: [{ position: 1, word: 'aband0n' }],
    })
  })

  it('says the checksum does not match when every word is in the list', () => {
    expect(mnemonicProblem(ABOUT.replace(/about$/, 'abandon'))).toEqual({ kind: 'checksum' })
    // two valid words swapped
    expect(mnemonicProblem(LEGAL.replace('wave sausage', 'sausage wave'))).toEqual({ kind: 'checksum' })
  })

  it('counts the words when every word is valid but there are not 12', () => {
    expect(mnemonicProblem(ABOUT.split(' ').slice(1).join(' '))).toEqual({ kind: 'count', found: 11 })
    expect(mnemonicProblem('')).toEqual({ kind: 'count', found: 0 })
  })
})

describe('normalizeMnemonic', () => {
  it('lower-cases and joins the words with single spaces', () => {
    expect(normalizeMnemonic('  Legal   WINNER\nthank ')).toBe('legal winner thank')
  })
})
