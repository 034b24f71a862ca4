import type { ErrorCode } from './errors.ts'

/** The JSON body of every handled request (DESIGN §4). */
export type Ok<T> = { code: true; msg: string; data: T }
export type Fail = { code: false; msg: string; error: ErrorCode; fields?: Record<string, string> }
export type Unauthorized = { code: 401; msg: string }
export type Envelope<T> = Ok<T> | Fail | Unauthorized

/** Header a same-site client sets on every POST; a cross-site form cannot (CSRF guard). */
export const CSRF_HEADER = 'x-requested-with'
export const CSRF_VALUE = 'XMLHttpRequest'
/** Names the signed-in account a request acts as, when several share a device. */
export const ACCOUNT_HEADER = 'x-account'

/** `msg` of a successful answer. */
export const SUCCESS_MSG = { 'us-en': 'success', 'zh-cn': '成功', 'zh-hk': '成功' } as const
