import {
  ADMIN_PATH,
  CSRF_HEADER,
  CSRF_VALUE,
  errorMessage,
  isErrorCode,
  wireLang,
  type MethodRef,
  type ParamsIn,
  type Result,
} from '@kinetic/protocol'
import i18n from 'i18next'
import { encodeForm, type FormFields } from '@/api/form'

/** A refused console call: the server's message (in the console's language) and its fields. */
export class ConsoleError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message)
  }
}

/** Set by the app: called when the operator session is gone (code 401). */
let onSignedOut: () => void = () => undefined
export const whenSignedOut = (handler: () => void) => (onSignedOut = handler)

/**
 * Calls a console operation: POST /v1/admin/index, form-encoded like the app's calls, with
 * the console cookie. The user app's pipeline is not used: a console 401 must neither clear
 * the app's storage nor send anyone to the app's login.
 */
export async function consoleCall<M extends MethodRef>(def: M, params?: ParamsIn<M>): Promise<Result<M>> {
  const lang = wireLang(i18n.language)
  const response = await fetch(ADMIN_PATH, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { [CSRF_HEADER]: CSRF_VALUE, 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' },
    body: encodeForm({ ...(params as FormFields | undefined), method: def.name, lang }),
  }).catch(() => undefined)
  const body = (await response?.json().catch(() => undefined)) as
    | { code: true | false | 401; msg: string; data?: unknown; error?: string; fields?: Record<string, string> }
    | undefined
  if (!body) throw new ConsoleError(errorMessage('NETWORK', lang), 'NETWORK')
  if (body.code === true) return body.data as Result<M>
  if (body.code === 401) onSignedOut()
  const code = body.code === 401 ? 'TOKEN_INVALID' : (body.error ?? 'INTERNAL')
  throw new ConsoleError(body.msg || (isErrorCode(code) ? errorMessage(code, lang) : code), code, body.fields)
}
