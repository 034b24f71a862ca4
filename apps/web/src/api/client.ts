import {
  ACCOUNT_HEADER,
  CSRF_HEADER,
  CSRF_VALUE,
  errorMessage,
  isErrorCode,
  LANGUAGE_STORAGE_KEY,
  wireLang,
  type ErrorCode,
  type MethodRef,
  type ParamsIn,
  type Result,
  type WireLang,
} from '@kinetic/protocol'
import { ApiError } from './errors'
import { emitApiEvent } from './events'
import { encodeForm, type FormFields } from './form'
import { currentAccountId } from './session'

/** Spec §9. */
export const REQUEST_TIMEOUT_MS = 300_000
export const SERVER_ERROR_DELAY_MS = 5_000
export const LOGIN_ROUTE = '#/login'

/** Methods whose params are all optional may be called without them. */
export type ParamsArgs<M extends MethodRef> =
  Record<never, never> extends ParamsIn<M> ? [params?: ParamsIn<M>] : [params: ParamsIn<M>]

const SUPERSEDED = Symbol('superseded')
const TIMED_OUT = Symbol('timed out')

/** Requests in flight by identity (path, account, body); a newer identical one cancels the older. */
const inFlight = new Map<string, AbortController>()

/**
 * Calls one operation of the protocol catalog: POST `def.path`, a form body with
 * `method`, `lang` and the params (nested arrays indexed), cookies included, no retries.
 * Resolves with `data` of a `code: true` answer; rejects with an {@link ApiError}.
 */
export async function call<M extends MethodRef>(def: M, ...[params]: ParamsArgs<M>): Promise<Result<M>> {
  const lang = currentWireLang()
  const body = encodeForm({ ...(params as FormFields | undefined), method: def.name, lang })
  const key = `${def.path}\n${currentAccountId() ?? ''}\n${body}`
  return (await post(def, lang, body, 'application/x-www-form-urlencoded;charset=UTF-8', key)) as Result<M>
}

/**
 * Calls an upload operation (`/v1/image`, `/v1/file`): multipart/form-data with `method`,
 * `lang`, the params and the `file`. Same answers and errors as {@link call}; uploads are
 * never de-duplicated (two picks of one photo are two uploads).
 */
export async function upload<M extends MethodRef>(def: M, file: Blob, ...[params]: ParamsArgs<M>): Promise<Result<M>> {
  const lang = currentWireLang()
  const form = new FormData()
  form.set('method', def.name)
  form.set('lang', lang)
  for (const [name, value] of Object.entries(params ?? {})) form.set(name, String(value))
  form.set('file', file)
  return (await post(def, lang, form, undefined, undefined)) as Result<M>
}

const currentWireLang = () => wireLang(localStorage.getItem(LANGUAGE_STORAGE_KEY))

/** POSTs one call; `key` identifies it for the in-flight rule (an identical newer call cancels it). */
async function post(
  def: MethodRef,
  lang: WireLang,
  body: string | FormData,
  contentType: string | undefined,
  key: string | undefined,
): Promise<unknown> {
  // Reads wait while offline (the query client pauses them and shows the last-known answers):
  // what still calls is a write, refused at once rather than queued (api/offline.ts).
  if (!navigator.onLine) throw new ApiError(errorMessage('OFFLINE', lang), { kind: 'offline' })
  const account = currentAccountId()
  const headers: Record<string, string> = { [CSRF_HEADER]: CSRF_VALUE }
  // FormData sets its own multipart type with the boundary
  if (contentType) headers['Content-Type'] = contentType
  if (account !== null) headers[ACCOUNT_HEADER] = String(account)

  if (key !== undefined) inFlight.get(key)?.abort(SUPERSEDED)
  const controller = new AbortController()
  if (key !== undefined) inFlight.set(key, controller)
  const timer = setTimeout(() => controller.abort(TIMED_OUT), REQUEST_TIMEOUT_MS)
  try {
    const response = await fetch(def.path, {
      method: 'POST',
      headers,
      body,
      credentials: 'include',
      signal: controller.signal,
    })
    return await settle(response, lang)
  } catch (error) {
    throw error instanceof ApiError ? error : transportError(controller.signal, lang)
  } finally {
    clearTimeout(timer)
    if (key !== undefined && inFlight.get(key) === controller) inFlight.delete(key)
  }
}

async function settle(response: Response, lang: WireLang): Promise<unknown> {
  const body = await readJson(response)
  if (response.status === 200) return unwrap(body, lang)
  const message = messageOf(body) || errorMessage(statusCode(response.status), lang)
  if (response.status === 500) {
    setTimeout(() => emitApiEvent('serverError'), SERVER_ERROR_DELAY_MS)
    throw new ApiError(message, { kind: 'http', status: 500, silent: true })
  }
  throw new ApiError(message, { kind: 'http', status: response.status })
}

function unwrap(body: unknown, lang: WireLang): unknown {
  if (!isRecord(body)) throw new ApiError(errorMessage('INTERNAL', lang), { kind: 'http', status: 200 })
  if (body.code === true) return body.data
  const message = messageOf(body)
  if (body.code === 401 || (body.code === undefined && message.includes('Token'))) {
    expireSession()
    throw new ApiError(message || errorMessage('TOKEN_INVALID', lang), { kind: 'session', silent: true })
  }
  if (body.code === false) {
    throw new ApiError(message || errorMessage('INTERNAL', lang), {
      kind: 'business',
      ...(isErrorCode(body.error) && { code: body.error }),
      ...(isStringRecord(body.fields) && { fields: body.fields }),
    })
  }
  throw new ApiError(errorMessage('INTERNAL', lang), { kind: 'http', status: 200 })
}

/**
 * Spec §4: the session is gone — clear local storage and go to the login page. The chosen
 * language is written back after the clear, so the login page speaks it (a deliberate
 * departure from "clears all local storage": ADR 2026-11-24-language-survives-session-loss).
 */
function expireSession(): void {
  const language = localStorage.getItem(LANGUAGE_STORAGE_KEY)
  localStorage.clear()
  if (language !== null) localStorage.setItem(LANGUAGE_STORAGE_KEY, language)
  window.location.hash = LOGIN_ROUTE
  emitApiEvent('sessionExpired')
}

function transportError(signal: AbortSignal, lang: WireLang): ApiError {
  if (signal.reason === SUPERSEDED) {
    // Spec §8: shown in Chinese whatever the language.
    return new ApiError(errorMessage('OPERATION_TOO_FREQUENT', 'zh-cn'), { kind: 'superseded' })
  }
  return new ApiError(errorMessage('NETWORK', lang), { kind: 'network' })
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text()
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

function statusCode(status: number): ErrorCode {
  if (status === 400) return 'MALFORMED_BODY'
  if (status === 403) return 'CSRF_REJECTED'
  if (status === 413) return 'BODY_TOO_LARGE'
  if (status === 429) return 'RATE_LIMITED'
  if (status === 502 || status === 503 || status === 504) return 'SERVICE_UNAVAILABLE'
  return 'INTERNAL'
}

function messageOf(body: unknown): string {
  return isRecord(body) && typeof body.msg === 'string' ? body.msg : ''
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return isRecord(value) && Object.values(value).every((v) => typeof v === 'string')
}
