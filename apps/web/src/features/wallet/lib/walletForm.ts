import { isWalletPassword, WALLET_PASSWORD_MAX, wallet } from '@kinetic/protocol'
import type { Problem } from './problems'

export type NewPasswordForm = { password: string; repassword: string; hint: string }
export type NewWalletForm = NewPasswordForm & { name: string }

/** A new wallet password, its repetition and the optional hint (which is stored in clear). */
export function checkNewPassword(form: NewPasswordForm): Problem | null {
  if (form.password === '') return { code: 'PASSWORD_REQUIRED' }
  if (!isWalletPassword(form.password)) return { code: 'WALLET_PASSWORD_INVALID' }
  if (form.password !== form.repassword) return { code: 'PASSWORD_MISMATCH' }
  if ([...form.hint.trim()].length > wallet.WALLET_HINT_MAX) return { code: 'FIELD_TOO_LONG', args: { field: 'hint' } }
  // The hint travels to the server: it must not give the password away.
  if (form.hint.toLowerCase().includes(form.password.toLowerCase())) return { text: 'hintRevealsPassword' }
  return null
}

export function checkNewWallet(form: NewWalletForm): Problem | null {
  const name = form.name.trim()
  if (name === '') return { code: 'FIELD_REQUIRED', args: { field: 'name' } }
  if ([...name].length > wallet.WALLET_NAME_MAX) return { code: 'FIELD_TOO_LONG', args: { field: 'name' } }
  return checkNewPassword(form)
}

/**
 * A default wallet name no wallet of `taken` has: `base`, else `numbered(2)`, `numbered(3)`…
 * (so two imported wallets are "Imported Wallet" and "Imported Wallet 2").
 */
export function freeName(base: string, taken: readonly string[], numbered: (n: number) => string): string {
  const names = new Set(taken.map((name) => name.trim()))
  if (!names.has(base)) return base
  for (let n = 2; ; n++) if (!names.has(numbered(n))) return numbered(n)
}

/** What an input may hold: a little more than the longest valid password, to show the error. */
export const PASSWORD_INPUT_MAX = WALLET_PASSWORD_MAX + 12
