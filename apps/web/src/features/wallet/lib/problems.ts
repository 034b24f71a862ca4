import { isApiError } from '@/api'
import { errorText } from '@/i18n'
import { showToast } from '@/shared/ui/toast'
import { isErrorCode, type ErrorCode, type MessageArgs } from '@kinetic/protocol'
import type { UnknownWord } from '@kinetic/wallet-core'

/**
 * A check that failed before anything was sent: a protocol error code (its message lives
 * in protocol), one of the wallet's own texts for the checks only the browser makes, or the
 * words of a typed phrase that are not in the BIP39 list (MNEMONIC_WORD_UNKNOWN, each by position).
 */
export type Problem =
  { code: ErrorCode; args?: MessageArgs } | { text: LocalProblem } | { unknownWords: readonly UnknownWord[] }
export type LocalProblem = 'hintRevealsPassword' | 'wordsNotThisWallet' | 'keyNotThisWallet' | 'dataHexInvalid'

/**
 * The message for anything a wallet action threw: the server's localized message, a
 * wallet-core error by its code (WALLET_PASSWORD_WRONG, AMOUNT_INVALID…), else INTERNAL.
 * Null when the request pipeline already dealt with it (session gone, 500 handler).
 */
export function failureMessage(error: unknown): string | null {
  if (isApiError(error)) return error.silent ? null : error.message
  const code = (error as { code?: unknown } | null)?.code
  if (isErrorCode(code)) return errorText(code)
  console.error(error)
  return errorText('INTERNAL')
}

export function showFailure(error: unknown): void {
  const message = failureMessage(error)
  if (message) showToast(message)
}

export function isWrongPassword(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'WALLET_PASSWORD_WRONG'
}
