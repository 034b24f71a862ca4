/** Shared validation rules (spec §5). Pure predicates: both the web form and the server use them. */

/** Phone: 11 digits starting with 1. */
export const PHONE_RE = /^1\d{10}$/

/**
 * Email: word characters, optional dots or hyphens, @, a domain with a suffix of two or
 * more letters. Each repeated group starts with its separator, so matching is linear.
 */
export const EMAIL_RE = /^\w+(?:[.-]\w+)*@\w+(?:[.-]\w+)*\.[A-Za-z]{2,}$/
export const EMAIL_MAX = 254

/** Account password: 6 to 20 characters, no whitespace. */
export const PASSWORD_RE = /^\S{6,20}$/

/** Wallet password: 8 to 20 characters (satisfies both readings of the spec). */
export const WALLET_PASSWORD_MIN = 8
export const WALLET_PASSWORD_MAX = 20

export const MNEMONIC_WORDS = 12
export const VERIFICATION_CODE_RE = /^\d{6}$/

export const isPhone = (value: string): boolean => PHONE_RE.test(value)
export const isEmail = (value: string): boolean => value.length <= EMAIL_MAX && EMAIL_RE.test(value)
export const isAccountPassword = (value: string): boolean => PASSWORD_RE.test(value)
export const isWalletPassword = (value: string): boolean =>
  [...value].length >= WALLET_PASSWORD_MIN && [...value].length <= WALLET_PASSWORD_MAX

/** Splits an imported phrase on any white space; lower-cased, empty parts dropped. */
export function mnemonicWords(phrase: string): string[] {
  return phrase.trim().toLowerCase().split(/\s+/).filter(Boolean)
}

export const isMnemonicShape = (phrase: string): boolean => {
  const words = mnemonicWords(phrase)
  return words.length === MNEMONIC_WORDS && words.every((w) => /^[a-z]+$/.test(w))
}

/** Whether words picked during backup verification are in the original order. */
export function isMnemonicOrder(original: readonly string[], picked: readonly string[]): boolean {
  return original.length === picked.length && original.every((word, i) => picked[i] === word)
}
