import { MNEMONIC_WORDS, mnemonicWords } from '@kinetic/protocol'
import { generateMnemonic as generateWords, validateMnemonic } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'

/** 128 bits of entropy give the 12 words the wallet uses (DESIGN §6). */
const ENTROPY_BITS = 128

/** A new random 12-word English BIP39 phrase (entropy from WebCrypto). */
export function generateMnemonic(): string {
  return generateWords(wordlist, ENTROPY_BITS)
}

/** The phrase as lower-case words joined by single spaces, however it was typed or pasted. */
export function normalizeMnemonic(phrase: string): string {
  return mnemonicWords(phrase).join(' ')
}

const WORDS: ReadonlySet<string> = new Set(wordlist)

/** A word of a phrase that is not in the English BIP39 list, with its position from 1. */
export type UnknownWord = { position: number; word: string }

/**
 * What is wrong with a typed phrase, in the order a person fixes it: words outside the
 * English list (each by position), then the number of words, then the checksum (every
 * word valid, but the last bits do not match: a wrong or misplaced word).
 */
export type MnemonicProblem =
  { kind: 'unknown'; words: UnknownWord[] } | { kind: 'count'; found: number } | { kind: 'checksum' }

export function mnemonicProblem(phrase: string): MnemonicProblem | null {
  const words = mnemonicWords(phrase)
  const unknown = words.flatMap((word, i) => (WORDS.has(word) ? [] : [{ position: i + 1, word }]))
  if (unknown.length > 0) return { kind: 'unknown', words: unknown }
  if (words.length !== MNEMONIC_WORDS) return { kind: 'count', found: words.length }
  return validateMnemonic(words.join(' '), wordlist) ? null : { kind: 'checksum' }
}

/** Whether the phrase (after normalizing) is 12 words of the English wordlist with a valid checksum. */
export function isValidMnemonic(phrase: string): boolean {
  return mnemonicProblem(phrase) === null
}
