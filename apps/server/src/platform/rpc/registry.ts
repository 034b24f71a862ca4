import type { MethodDef, Params, Result, WireLang } from '@kinetic/protocol'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from './app-error.ts'

/** What a handler knows about the request it serves. */
export interface RequestContext {
  lang: WireLang
  ip: string
  userAgent: string
  request: FastifyRequest
  reply: FastifyReply
  /** The acting account; set for every `auth: true` method (on `/v1/admin/index`: the operator). */
  user: { id: number; sessionId: number } | undefined
  /** The `file` part of a multipart/form-data call (upload methods only read it). */
  file?: Buffer | undefined
}

export interface AuthedContext extends RequestContext {
  user: { id: number; sessionId: number }
}

export type Handler<M extends MethodDef> = (
  params: Params<M>,
  ctx: M extends { auth: true } ? AuthedContext : RequestContext,
) => Promise<Result<M>>

export type UploadHandler<M extends MethodDef> = (
  params: Params<M>,
  file: Buffer,
  ctx: M extends { auth: true } ? AuthedContext : RequestContext,
) => Promise<Result<M>>

type AnyHandler = (params: unknown, ctx: RequestContext) => Promise<unknown>

/** The operations this server implements, keyed by method name. */
export class Registry {
  readonly #handlers = new Map<string, AnyHandler>()

  handle<M extends MethodDef>(def: M, handler: Handler<M>): void {
    if (this.#handlers.has(def.name)) throw new Error(`${def.name} is registered twice`)
    this.#handlers.set(def.name, handler as AnyHandler)
  }

  /**
   * An upload: posted as multipart/form-data with the usual fields plus `file`; a call
   * without a file answers FILE_REQUIRED on `file`.
   */
  handleUpload<M extends MethodDef>(def: M, handler: UploadHandler<M>): void {
    this.handle(def, (async (params: Params<M>, ctx: RequestContext) => {
      if (!ctx.file || ctx.file.length === 0) throw new AppError('FILE_REQUIRED', { field: 'file' })
      return (handler as (p: Params<M>, f: Buffer, c: RequestContext) => Promise<Result<M>>)(params, ctx.file, ctx)
    }) as Handler<M>)
  }

  get(name: string): AnyHandler | undefined {
    return this.#handlers.get(name)
  }

  /** The handler of a method the catalog holds (assertComplete made sure there is one). */
  require(name: string): AnyHandler {
    const handler = this.#handlers.get(name)
    if (!handler) throw new Error(`${name} has no handler`)
    return handler
  }

  /**
   * Refuses to go on when a method of `catalog` has no handler, naming every such method: the
   * app is built only with each operation it publishes served.
   */
  assertComplete(catalog: readonly Pick<MethodDef, 'name'>[]): void {
    const missing = catalog.map((m) => m.name).filter((name) => !this.#handlers.has(name))
    if (missing.length > 0) throw new Error(`no handler for ${missing.length} catalog method(s): ${missing.join(', ')}`)
  }

  has(name: string): boolean {
    return this.#handlers.has(name)
  }
}
