import {
  ADMIN_PATH,
  CATALOG_BY_NAME,
  DEFAULT_WIRE_LANG,
  errorMessage,
  INDEX_PATH,
  isWireLang,
  langFromAcceptLanguage,
  LOGIN_PATH,
  type MethodDef,
  type WireLang,
} from '@kinetic/protocol'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { SessionService } from '../auth/sessions.ts'
import type { LiveSession } from '../auth/sessions.repo.ts'
import { AppError } from './app-error.ts'
import type { IdempotencyKeys, KeyClaim } from './idempotency.ts'
import { fail, keptOk, ok, unauthorized, validationFailure } from './envelope.ts'
import { readMultipart, registerMultipart, type MultipartForm } from './multipart.ts'
import type { ReadRouting } from './read-routing.ts'
import type { Registry, RequestContext } from './registry.ts'

export interface DispatcherOptions {
  registry: Registry
  sessions: SessionService
  /** Console sessions, for the operations posted to `/v1/admin/index`. */
  operators?: { resolve(request: FastifyRequest): Promise<{ id: number; operatorId: number } | undefined> }
  /** Check every result against its contract (on in tests). */
  checkResults: boolean
  rateLimitPerMinute: number
  /** The keys of keyed operations and the params they came with. */
  idempotency: IdempotencyKeys
  /**
   * A signed-in request whose body's `lang` differs from the one its session last sent: the
   * user changed language. Called only then, so requests in an unchanged language write nothing.
   */
  languageChanged?: (session: LiveSession, lang: WireLang) => Promise<void>
  /** With a read replica: where each handler reads (platform/rpc/read-routing.ts). */
  reads?: ReadRouting | undefined
}

/**
 * The body's `lang`, else the query's (`?lang=`), else the Accept-Language header's (a body
 * that could not be read, or an answer given before it was read).
 */
export function requestLang(request: FastifyRequest): WireLang {
  const body: unknown = request.body
  const query: unknown = request.query
  const lang = isRecord(body) && isWireLang(body.lang) ? body.lang : isRecord(query) ? query.lang : undefined
  if (isWireLang(lang)) return lang
  return langFromAcceptLanguage(request.headers['accept-language']) ?? DEFAULT_WIRE_LANG
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * `POST /v1/index` and `POST /v1/login/index` (DESIGN §4): the body names the operation in
 * `method`; params are checked against the operation's contract before any handler runs.
 */
export async function dispatcher(app: FastifyInstance, options: DispatcherOptions): Promise<void> {
  const { registry, sessions } = options
  await registerMultipart(app)

  async function dispatch(path: string, request: FastifyRequest, reply: FastifyReply) {
    let form: MultipartForm | undefined
    if (request.isMultipart()) {
      // an upload: its text fields are the body; its file is read only for a signed-in device
      form = await readMultipart(request, (await sessions.deviceSessions(request)).length > 0)
      request.body = form.fields
    }
    const body: unknown = request.body
    const lang = requestLang(request)
    if (!isRecord(body)) return reply.code(400).send(fail('MALFORMED_BODY', lang))
    const name = body.method
    const def = typeof name === 'string' ? CATALOG_BY_NAME.get(name) : undefined
    if (!def || def.path !== path) {
      return fail('UNKNOWN_METHOD', lang, { args: { method: typeof name === 'string' ? name.slice(0, 64) : '' } })
    }
    const ctx: RequestContext = {
      lang,
      ip: request.ip,
      userAgent: String(request.headers['user-agent'] ?? ''),
      request,
      reply,
      user: undefined,
      file: form?.file,
    }
    if (def.auth && path === ADMIN_PATH) {
      const session = await options.operators?.resolve(request)
      if (!session) return unauthorized(lang)
      ctx.user = { id: session.operatorId, sessionId: session.id }
    } else if (def.auth) {
      const session = await sessions.resolve(request)
      if (!session) return unauthorized(lang)
      ctx.user = { id: session.userId, sessionId: session.id }
      // only a `lang` the body names: the Accept-Language fallback is no choice of the user's
      if (isWireLang(body.lang) && body.lang !== session.lang) await options.languageChanged?.(session, body.lang)
    }
    // every catalog method has one: the app does not start otherwise (Registry.assertComplete)
    const handler = registry.require(def.name)
    if (form?.fileTooLarge) {
      return fail('FILE_TOO_LARGE', lang, { fields: { file: errorMessage('FILE_TOO_LARGE', lang) } })
    }
    const { method: _method, lang: _lang, ...raw } = body
    const unstorable = unstorableField(raw)
    if (unstorable) {
      const message = errorMessage('FIELD_INVALID', lang, { field: unstorable })
      return fail('FIELD_INVALID', lang, { args: { field: unstorable }, fields: { [unstorable]: message } })
    }
    // with the input on each issue, a wrong value reads as invalid and only a missing one as required
    const parsed = def.params.safeParse(raw, { reportInput: true })
    if (!parsed.success) return validationFailure(parsed.error.issues, lang)
    const claim = await claimKey(def, parsed.data, ctx, path)
    if (claim?.kind === 'mismatch') {
      const field = def.idempotencyKey ?? 'request_id'
      return fail('IDEMPOTENCY_KEY_REUSED', lang, { fields: { [field]: errorMessage('IDEMPOTENCY_KEY_REUSED', lang) } })
    }
    try {
      const run = () => handler(parsed.data, ctx)
      const data = await (options.reads ? options.reads(def, request, reply, run) : run())
      if (options.checkResults) checkResult(def, data)
      const kept = keptOk(data, lang)
      return kept === undefined ? ok(data, lang) : reply.type('application/json; charset=utf-8').send(kept)
    } catch (error) {
      if (error instanceof AppError) {
        // refused: nothing was done under the key, which a corrected request may use
        if (claim?.kind === 'first') await claim.release()
        const { field } = error.options
        // a generic message names its field ('{field} is invalid') unless the error says otherwise
        const args = field ? { field, ...error.options.args } : error.options.args
        const fields = field ? { [field]: errorMessage(error.code, lang, args) } : undefined
        return fail(error.code, lang, { args, fields })
      }
      throw error
    }
  }

  /** The key of a keyed operation, checked against the params it came with before. */
  async function claimKey(def: MethodDef, params: unknown, ctx: RequestContext, path: string) {
    const name = def.idempotencyKey
    if (!name || !ctx.user || !isRecord(params) || typeof params[name] !== 'string') return undefined
    const { [name]: key, ...rest } = params
    const scope = `${path === ADMIN_PATH ? 'operator' : 'user'}:${ctx.user.id}`
    return options.idempotency.claim(scope, def.name, key as string, rest) satisfies Promise<KeyClaim>
  }

  // JSON answers need no CSP (helmet would rebuild its policy on every request): they get
  // the two headers that matter for an API instead. The limit is counted once the body is
  // parsed (at most BODY_LIMIT; an upload's file is read later, by the handler), so that a
  // 429 speaks the body's `lang`.
  const apiRoute = (max: number) => ({
    helmet: false as const,
    config: { rateLimit: { max, timeWindow: '1 minute', hook: 'preHandler' as const } },
    onSend: (
      _request: FastifyRequest,
      reply: FastifyReply,
      payload: unknown,
      done: (err: null, p: unknown) => void,
    ) => {
      reply.header('x-content-type-options', 'nosniff').header('cache-control', 'no-store')
      done(null, payload)
    },
  })
  app.post(INDEX_PATH, apiRoute(options.rateLimitPerMinute), (request, reply) => dispatch(INDEX_PATH, request, reply))
  app.post(LOGIN_PATH, apiRoute(Math.min(60, options.rateLimitPerMinute)), (request, reply) =>
    dispatch(LOGIN_PATH, request, reply),
  )
  if (options.operators)
    app.post(ADMIN_PATH, apiRoute(Math.min(120, options.rateLimitPerMinute)), (request, reply) =>
      dispatch(ADMIN_PATH, request, reply),
    )
}

/** Deeper than this, a param is refused rather than walked (no contract nests so deep). */
const MAX_PARAM_DEPTH = 16

/**
 * The first param that no column can store — text with a NUL character (PostgreSQL refuses
 * it) — or that nests deeper than MAX_PARAM_DEPTH: such a request is refused before any
 * contract or handler sees it.
 */
function unstorableField(params: Record<string, unknown>): string | undefined {
  const bad = (value: unknown, depth: number): boolean => {
    if (typeof value === 'string') return value.includes('\u0000')
    if (typeof value !== 'object' || value === null) return false
    if (depth >= MAX_PARAM_DEPTH) return true
    return Object.values(value).some((v) => bad(v, depth + 1))
  }
  return Object.keys(params).find((key) => bad(params[key], 0))
}

function checkResult(def: MethodDef, data: unknown): void {
  const checked = def.result.safeParse(data)
  if (!checked.success) {
    throw new Error(`${def.name} returned data outside its contract: ${JSON.stringify(checked.error.issues)}`)
  }
}
