import { z } from 'zod'

export const FEATURES = [
  'account',
  'content',
  'health',
  'device',
  'earn',
  'shop',
  'wallet',
  'support',
  'admin',
] as const
export type Feature = (typeof FEATURES)[number]

export const INDEX_PATH = '/v1/index'
export const LOGIN_PATH = '/v1/login/index'
/** The operator console's operations (feature `admin`): operator sessions, never a user's. */
export const ADMIN_PATH = '/v1/admin/index'

export interface MethodDef<
  N extends string = string,
  P extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  A extends boolean = boolean,
> {
  /** The operation name exactly as the spec spells it, sent as the body's `method`. */
  readonly name: N
  /** Whether a signed-in account (an operator on ADMIN_PATH) is required (else `code: 401`). */
  readonly auth: A
  readonly params: P
  readonly result: R
  readonly feature: Feature
  readonly summary: string
  /** The HTTP path it is posted to: `/v1/index`, `/v1/login/index` for login, `/v1/admin/index` for the console. */
  readonly path: typeof INDEX_PATH | typeof LOGIN_PATH | typeof ADMIN_PATH
  /**
   * Set while the operation belongs to a later issue: the server answers `NOT_OPEN`
   * ('Not currently open') until a handler is registered. Remove when it is built.
   */
  readonly pending?: string
}

export type ParamsIn<M extends MethodDef> = z.input<M['params']>
export type Params<M extends MethodDef> = z.output<M['params']>
export type Result<M extends MethodDef> = z.output<M['result']>

export function method<N extends string, P extends z.ZodType, R extends z.ZodType, A extends boolean>(
  name: N,
  def: {
    auth: A
    params: P
    result: R
    feature: Feature
    summary: string
    path?: MethodDef['path']
    pending?: string
  },
): MethodDef<N, P, R, A> {
  return { name, path: def.path ?? INDEX_PATH, ...def }
}
