import {
  errorMessage,
  FIELD_LABELS,
  isErrorCode,
  SUCCESS_MSG,
  type ErrorCode,
  type Fail,
  type MessageArgs,
  type Ok,
  type Unauthorized,
  type WireLang,
} from '@kinetic/protocol'
import type { z } from 'zod'

export function ok<T>(data: T, lang: WireLang): Ok<T> {
  return { code: true, msg: SUCCESS_MSG[lang], data }
}

/** The JSON text of answers their service keeps and gives again unchanged (`keep`), made at the first. */
const keptTexts = new WeakMap<object, string | undefined>()

/**
 * Marks an answer its service keeps and gives again unchanged (Home, Discover, the wallet home
 * while their versions hold): its JSON is written once, not at every request. The answer must
 * not change once kept.
 */
export function keep<T extends object>(answer: T): T {
  keptTexts.set(answer, undefined)
  return answer
}

/** The success envelope of a kept answer as JSON text (undefined for any other: `ok`). */
export function keptOk(data: unknown, lang: WireLang): string | undefined {
  if (typeof data !== 'object' || data === null || !keptTexts.has(data)) return undefined
  let text = keptTexts.get(data)
  if (text === undefined) keptTexts.set(data, (text = JSON.stringify(data)))
  return `{"code":true,"msg":${JSON.stringify(SUCCESS_MSG[lang])},"data":${text}}`
}

export function fail(
  code: ErrorCode,
  lang: WireLang,
  options: { args?: MessageArgs; fields?: Record<string, string> } = {},
): Fail {
  const body: Fail = { code: false, msg: errorMessage(code, lang, options.args), error: code }
  if (options.fields) body.fields = options.fields
  return body
}

export function unauthorized(lang: WireLang): Unauthorized {
  return { code: 401, msg: errorMessage('TOKEN_INVALID', lang) }
}

/** Turns zod issues into one error: the first issue decides `error`/`msg`; `fields` names each field at fault. */
export function validationFailure(issues: readonly z.core.$ZodIssue[], lang: WireLang): Fail {
  const fields: Record<string, string> = {}
  let first: { code: ErrorCode; field: string } | undefined
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || 'params'
    const code = issueCode(issue)
    const named = namedField(field, code) ?? String(issue.path[0] ?? field)
    if (!(field in fields)) fields[field] = errorMessage(code, lang, { field: named })
    first ??= { code, field: named }
  }
  const { code, field } = first ?? { code: 'FIELD_INVALID' as const, field: 'params' }
  return fail(code, lang, { args: { field }, fields })
}

/**
 * A part of a field is named in the message when it has a label of its own (`vault.iter`) or
 * is an unexpected one; otherwise the message names the top-level field (`name`, not `name.us-en`).
 */
function namedField(path: string, code: ErrorCode): string | undefined {
  return Object.hasOwn(FIELD_LABELS, path) || (code === 'FIELD_UNKNOWN' && path.includes('.')) ? path : undefined
}

function issueCode(issue: z.core.$ZodIssue): ErrorCode {
  // Contracts put an ErrorCode in the message; zod's own messages map by issue kind.
  if (isErrorCode(issue.message)) return issue.message
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'FIELD_REQUIRED'
  if (issue.code === 'too_big') return 'FIELD_TOO_LONG'
  return 'FIELD_INVALID'
}
