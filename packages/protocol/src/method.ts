import type { z } from 'zod'

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

/**
 * What a client needs to call an operation: its name, path, whether it needs a session and
 * its feature, but not its schemas (the browser gets these from `src/client`, without zod).
 */
export interface MethodRef<
  N extends string = string,
  P extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  A extends boolean = boolean,
> {
  /** The operation name exactly as the spec spells it, sent as the body's `method`. */
  readonly name: N
  /** Whether a signed-in account (an operator on ADMIN_PATH) is required (else `code: 401`). */
  readonly auth: A
  readonly feature: Feature
  /** The HTTP path it is posted to: `/v1/index`, `/v1/login/index` for login, `/v1/admin/index` for the console. */
  readonly path: typeof INDEX_PATH | typeof LOGIN_PATH | typeof ADMIN_PATH
  /** Types only, never set: the params and result the server checks. */
  readonly '~types'?: { params: P; result: R }
}

/** One operation of the contract: its reference and the schemas both sides check. */
export interface MethodDef<
  N extends string = string,
  P extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  A extends boolean = boolean,
> extends MethodRef<N, P, R, A> {
  readonly params: P
  readonly result: R
  readonly summary: string
  /**
   * The param that makes a repeat of the operation answer its first result (per account).
   * The same key with other params is refused with IDEMPOTENCY_KEY_REUSED (Stripe's rule).
   */
  readonly idempotencyKey?: IdempotencyKey
  /**
   * The operation changes nothing (a test runs each one on a read-only connection): the
   * server may answer it from a read replica, a client may repeat it freely.
   */
  readonly readOnly?: true
}

/** The params that carry an idempotency key. */
export const IDEMPOTENCY_KEYS = ['request_id', 'client_id'] as const
export type IdempotencyKey = (typeof IDEMPOTENCY_KEYS)[number]

/** The reference of a method, as `src/client` declares it. */
export type RefOf<M extends MethodDef> = MethodRef<M['name'], M['params'], M['result'], M['auth']>

type Schemas<M extends MethodRef> = NonNullable<M['~types']>

export type ParamsIn<M extends MethodRef> = z.input<Schemas<M>['params']>
export type Params<M extends MethodRef> = z.output<Schemas<M>['params']>
export type Result<M extends MethodRef> = z.output<Schemas<M>['result']>

export function method<N extends string, P extends z.ZodType, R extends z.ZodType, A extends boolean>(
  name: N,
  def: {
    auth: A
    params: P
    result: R
    feature: Feature
    summary: string
    path?: MethodDef['path']
    idempotencyKey?: IdempotencyKey
    readOnly?: true
  },
): MethodDef<N, P, R, A> {
  return { name, path: def.path ?? INDEX_PATH, ...def }
}

/** Marks an operation read-only (see {@link MethodDef.readOnly}), e.g. one a feature's helper defines. */
export const readOnly = <M extends MethodDef>(def: M): M => ({ ...def, readOnly: true })
