import type { ErrorCode } from '@kinetic/protocol'

/**
 * How a call failed:
 * - `business`: the server answered `code: false` (a validation or business error);
 * - `session`: the session is gone (`code: 401` or a Token message); storage was cleared;
 * - `http`: a non-200 status (400, 403, 413, 429, 500);
 * - `network`: no answer (the network failed, or the 300000 ms timeout);
 * - `offline`: not sent: the device is offline (a write is refused, not queued);
 * - `superseded`: an identical request was sent while this one was in flight.
 */
export type ApiErrorKind = 'business' | 'session' | 'http' | 'network' | 'offline' | 'superseded'

export class ApiError extends Error {
  override readonly name = 'ApiError'
  readonly kind: ApiErrorKind
  /** The stable error code from a `code: false` answer, when the server gave one. */
  readonly code: ErrorCode | undefined
  /** Per-field messages from a `code: false` answer. */
  readonly fields: Readonly<Record<string, string>> | undefined
  readonly status: number | undefined
  /** Already dealt with by the pipeline (session redirect, delayed 500 handler): show nothing. */
  readonly silent: boolean

  constructor(
    message: string,
    init: {
      kind: ApiErrorKind
      code?: ErrorCode
      fields?: Record<string, string>
      status?: number
      silent?: boolean
    },
  ) {
    super(message)
    this.kind = init.kind
    this.code = init.code
    this.fields = init.fields
    this.status = init.status
    this.silent = init.silent ?? false
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}
