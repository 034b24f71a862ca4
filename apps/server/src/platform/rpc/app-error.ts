import type { ErrorCode, MessageArgs } from '@kinetic/protocol'

/**
 * A business or validation error a client sees as `{code:false, error, msg, fields}`.
 * `field` names the input at fault, so the answer's `fields` points at it.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly options: { field?: string; args?: MessageArgs } = {},
  ) {
    super(code)
    this.name = 'AppError'
  }
}
