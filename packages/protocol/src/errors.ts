import { messagesOf } from '#messages'
import type { WireLang } from './lang.ts'

export { loadMessages } from '#messages'
export type { MessageCatalog } from './messages/catalog.ts'

/**
 * Every error a client can see: a stable code here, its message in each language in
 * `messages/<locale>.json` (docs/adr/2026-11-24-text-catalogs.md). The en-US texts of spec §5
 * and §8 are kept word for word. `{field}`, `{seconds}`, `{method}`, `{reason}` and `{wait}`
 * are filled in by `errorMessage`. On the server every language is there; in the browser a
 * language's messages load with it (`loadMessages`), and until then a message is its code.
 */
export const ERROR_CODES = [
  // request shape
  'UNKNOWN_METHOD',
  'FIELD_REQUIRED',
  'FIELD_INVALID',
  'FIELD_TOO_LONG',
  'FIELD_UNKNOWN',
  'MALFORMED_BODY',
  'BODY_TOO_LARGE',
  // An idempotency key (request_id, client_id) sent again with other params (Stripe's rule).
  'IDEMPOTENCY_KEY_REUSED',
  'RATE_LIMITED',
  'CSRF_REJECTED',
  'INTERNAL',
  // Must contain the word "Token": the client's session rule keys on it (spec §4).
  'TOKEN_INVALID',
  'NOT_OPEN',
  // Client-side: an identical request still in flight is cancelled (spec §8).
  'OPERATION_TOO_FREQUENT',
  'NETWORK',
  // Client-side: a write while the device is offline is refused, not queued (the app shows its
  // last-known reads offline; docs/adr/2026-11-24-pwa-offline-reads.md).
  'OFFLINE',
  // spec §5 validation messages
  'PRIVACY_NOT_AGREED',
  'EMAIL_INVALID',
  'EMAIL_REQUIRED',
  'PASSWORD_MISMATCH',
  'PASSWORD_REQUIRED',
  'PASSWORD_INVALID',
  'PHONE_REQUIRED',
  'PHONE_INVALID',
  'CHAT_BLANK',
  'QUESTIONNAIRE_INCOMPLETE',
  'MNEMONIC_ORDER',
  'MNEMONIC_INVALID',
  'WALLET_PASSWORD_INVALID',
  // wallet
  // A typed phrase: words outside the BIP39 list ({words}: each by position), or a bad checksum.
  'MNEMONIC_WORD_UNKNOWN',
  'MNEMONIC_CHECKSUM',
  'ADDRESS_INVALID',
  // 0x and 40 hex characters in mixed case that is not the EIP-55 checksum.
  'ADDRESS_CHECKSUM',
  'PRIVATE_KEY_INVALID',
  'WALLET_PASSWORD_WRONG',
  'WALLET_NOT_FOUND',
  'WALLET_EXISTS',
  'WALLET_PROOF_INVALID',
  'WALLET_UNPROVEN',
  'COIN_NOT_FOUND',
  'COIN_NOT_REMOVABLE',
  'NOT_A_TOKEN',
  'AMOUNT_INVALID',
  'INSUFFICIENT_BALANCE',
  'INSUFFICIENT_FEE',
  'TX_SIGNER_MISMATCH',
  'TX_REJECTED',
  'TX_NOT_FOUND',
  'TX_WOULD_REVERT',
  'CHAIN_UNAVAILABLE',
  'ADDRESS_ENTRY_NOT_FOUND',
  // a CSV export's date range ends before it starts
  'EXPORT_RANGE_INVALID',
  // exchange
  'SLIPPAGE_TOO_HIGH',
  'SWAP_SAME_COIN',
  'SWAP_NO_ROUTE',
  'SWAP_UNAVAILABLE',
  'SWAP_AMOUNT_TOO_SMALL',
  // earn and shop
  'INSUFFICIENT_POINTS',
  'GOOD_NOT_FOUND',
  'OUT_OF_STOCK',
  'ORDER_NOT_FOUND',
  'COLLECT_UNAVAILABLE',
  'COLLECT_TOO_SMALL',
  'DEPOSIT_UNAVAILABLE',
  'DEPOSIT_WRONG_NETWORK',
  'DEPOSIT_NOT_FOUND',
  'DEPOSIT_ALREADY_CREDITED',
  // the console's review of a workout imported into two accounts
  'DISPUTE_NOT_FOUND',
  'DISPUTE_DECIDED',
  // mine: profile, uploads and account security
  'FILE_REQUIRED',
  'FILE_TOO_LARGE',
  'FILE_TYPE_UNSUPPORTED',
  'IMAGE_TOO_LARGE',
  'FILE_NOT_FOUND',
  'UPLOAD_LIMIT',
  'BIRTHDAY_INVALID',
  'HEIGHT_RANGE',
  'WEIGHT_RANGE',
  'STRIDE_RANGE',
  'HR_MAX_RANGE',
  'TIME_ZONE_INVALID',
  'EMAIL_TAKEN',
  'GOOGLE_ALREADY_BOUND',
  'GOOGLE_NOT_BOUND',
  'GOOGLE_SETUP_EXPIRED',
  'SESSION_NOT_FOUND',
  // health and devices
  'DEVICE_CODE_INVALID',
  'DEVICE_BOUND_ELSEWHERE',
  'DEVICE_NOT_FOUND',
  'DEVICE_NOT_BOUND',
  // Device API only; deliberately without the word that signs the app out (spec §4).
  'DEVICE_TOKEN_INVALID',
  'SAMPLES_INVALID',
  'IMPORT_FORMAT_UNKNOWN',
  'IMPORT_ARCHIVE_BROKEN',
  'IMPORT_TOO_LARGE',
  'IMPORT_DATABASE_BROKEN',
  'IMPORT_FILE_BROKEN',
  'IMPORT_ROW_INVALID',
  'IMPORT_EMPTY',
  'HEALTH_EXPORT_RANGE_INVALID',
  'WORKOUT_NOT_FOUND',
  'GOAL_STEP_RANGE',
  'GOAL_CALORIE_RANGE',
  'GOAL_DISTANCE_RANGE',
  // the weight log
  'WEIGHT_INVALID',
  'WEIGHT_DATE_INVALID',
  'WEIGHT_NOT_FOUND',
  'WEIGHT_DAY_TAKEN',
  // support, messages and console
  'MESSAGE_NOT_FOUND',
  // Web Push: a subscription whose endpoint is no push service URL, or whose keys are no P-256 keys
  'PUSH_SUBSCRIPTION_INVALID',
  // Web Push: an endpoint that is no public push service (a private or special address, a port, credentials, PUSH_HOSTS)
  'PUSH_ENDPOINT_REFUSED',
  'TICKET_NOT_FOUND',
  'TICKET_CATEGORY_NOT_FOUND',
  'TICKET_COMPLETED',
  'USER_NOT_FOUND',
  // earn: Home, energy and tasks
  'AMOUNT_DECIMALS',
  'AMOUNT_TOO_SMALL',
  'ENERGY_CREDIT_NOT_FOUND',
  'TASK_NOT_DONE',
  'TASK_EXPIRED',
  // operator console: goods, orders, device batches, parameters
  'STOCK_BELOW_SOLD',
  'STOCK_UNLIMITED',
  'ORDER_STEP_INVALID',
  // earn: Discover and the daily settlement
  'PLEDGE_EXCEEDED',
  'NOTHING_TO_RECEIVE',
  'SETTLEMENT_DAY_FUTURE',
  // faults: the database or the chain node down
  'SERVICE_UNAVAILABLE',
  // the wallet's encrypted vault (the checker is vault.ts)
  'VAULT_MALFORMED',
  'VAULT_VERSION_UNKNOWN',
  'VAULT_KDF_UNKNOWN',
  // The figures are VAULT_MIN_ITERATIONS and VAULT_MAX_ITERATIONS (a test keeps them equal).
  'VAULT_ITERATIONS',
  // accounts
  'CODE_REQUIRED',
  'CODE_INVALID',
  'CODE_EXPIRED',
  'CODE_COOLDOWN',
  'SMS_UNAVAILABLE',
  'ACCOUNT_EXISTS',
  'ACCOUNT_NOT_FOUND',
  'LOGIN_FAILED',
  'TOO_MANY_ATTEMPTS',
  'LOGIN_DELAYED',
  'LOGIN_CODE_REQUIRED',
  'GOOGLE_CODE_REQUIRED',
  'GOOGLE_CODE_INVALID',
  'INVITE_CODE_INVALID',
  'ARTICLE_NOT_FOUND',
] as const

export type ErrorCode = (typeof ERROR_CODES)[number]

const CODES: ReadonlySet<string> = new Set(ERROR_CODES)

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && CODES.has(value)
}

/** A field's name as a person reads it, for the generic field messages (the raw name when it has none). */
export function fieldLabel(field: string, lang: WireLang): string {
  const fields = messagesOf(lang)?.fields
  return (fields && Object.hasOwn(fields, field) && fields[field]) || field
}

export type MessageArgs = { field?: string; seconds?: number; method?: string; reason?: string; words?: string }

/** `seconds` as the words of a wait: "45 seconds", "3 minutes" (minutes rounded up from 60 s on). */
export function waitText(seconds: number, lang: WireLang): string {
  const minutes = Math.ceil(seconds / 60)
  const wait = messagesOf(lang)?.wait
  if (!wait) return String(seconds)
  if (seconds < 60) return wait.seconds.replace('{n}', String(seconds))
  return minutes === 1 ? wait.minute : wait.minutes.replace('{n}', String(minutes))
}

/**
 * The message for a code in a language, with `{field}`, `{seconds}`, `{method}`, `{reason}`,
 * `{words}` filled in, and `{wait}` as the words for `seconds`.
 */
export function errorMessage(code: ErrorCode, lang: WireLang, args: MessageArgs = {}): string {
  const text = messagesOf(lang)?.errors[code]
  if (text === undefined) return code
  return text.replace(/\{(field|seconds|method|reason|words|wait)\}/g, (_, key: keyof MessageArgs | 'wait') => {
    if (key === 'field') return args.field ? fieldLabel(args.field, lang) : ''
    if (key === 'wait') return waitText(args.seconds ?? 0, lang)
    return String(args[key] ?? '')
  })
}
