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

/** Whether the phrase (after normalizing) is 12 words of the English wordlist with a valid checksum. */
export function isValidMnemonic(phrase: string): boolean {
  const words = mnemonicWords(phrase)
  return words.length === MNEMONIC_WORDS && validateMnemonic(words.join(' '), wordlist)
}
