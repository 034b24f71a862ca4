import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import path from 'node:path'
import cookie from '@fastify/cookie'
import formbody from '@fastify/formbody'
import helmet from '@fastify/helmet'
import rateLimit from '@fastify/rate-limit'
import fastifyStatic from '@fastify/static'
import { CATALOG } from '@kinetic/protocol'
import Fastify, { type FastifyInstance } from 'fastify'
import qs from 'qs'
import { ChainUnavailable } from './chain/chain.ts'
import { createChain, type ChainClient } from './chain/client.ts'
import { registerDevPrice } from './chain/dev-price.ts'
import { createFaucet, faucetAvailable, registerFaucet } from './chain/faucet.ts'
import { accountFeature } from './features/account/index.ts'
import { adminFeature, type AdminService } from './features/admin/index.ts'
import { systemResolver, type Resolver } from './platform/egress/egress.ts'
import { contentFeature, type ContentService, type PushService } from './features/content/index.ts'
import { deviceFeature } from './features/device/index.ts'
import { discoverFeature } from './features/discover/index.ts'
import {
  earnFeature,
  type DepositService,
  type SettlementScheduler,
  type SettlementService,
} from './features/earn/index.ts'
import { healthFeature, ingestService, type HealthHooks, type RawStorage } from './features/health/index.ts'
import { homeFeature } from './features/home/index.ts'
import { shopFeature } from './features/shop/index.ts'
import { supportFeature, type SupportService } from './features/support/index.ts'
import { walletFeature, type BalanceBook } from './features/wallet/index.ts'
import type { AppContext } from './platform/app-context.ts'
import { isSameSiteRequest } from './platform/auth/csrf.ts'
import { sessionService } from './platform/auth/sessions.ts'
import { sessionsRepo } from './platform/auth/sessions.repo.ts'
import type { Config } from './platform/config.ts'
import type { Db } from './platform/db/client.ts'
import { isDatabaseUnavailable } from './platform/db/unavailable.ts'
import { createMailer } from './platform/mail/mailer.ts'
import { outboxRepo } from './platform/mail/outbox.repo.ts'
import { createJobs } from './platform/jobs/jobs.ts'
import { createRunner, type Runner } from './platform/jobs/supervisor.ts'
import { createBus, type Bus } from './platform/realtime/bus.ts'
import { registerSockets } from './platform/realtime/sockets.ts'
import { dispatcher, requestLang } from './platform/rpc/dispatcher.ts'
import { fail } from './platform/rpc/envelope.ts'
import { idempotencyKeys, PRUNE_KEYS_JOB, pruneIdempotencyKeys } from './platform/rpc/idempotency.ts'
import { readRouting } from './platform/rpc/read-routing.ts'
import { Registry } from './platform/rpc/registry.ts'
import { catalogSchema } from './platform/rpc/schema-doc.ts'
import { registerFileRoutes } from './platform/uploads/uploads.routes.ts'
import { uploadService, type UploadService } from './platform/uploads/uploads.service.ts'

/** Strict-Transport-Security for requests that came over TLS (browsers ignore it over HTTP). */
const HSTS = 'max-age=31536000; includeSubDomains'

/** Bodies larger than this are refused with 413 (uploads get their own route and limit). */
export const BODY_LIMIT = 64 * 1024

export interface App {
  server: FastifyInstance
  registry: Registry
  services: {
    content: ContentService
    /** Web Push (tests send through it as a feature does). */
    push: PushService
    uploads: UploadService
    support: SupportService
    admin: AdminService
    settlement: SettlementService
    scheduler: SettlementScheduler
    /** Health's hooks as wired to earning (the demo seed's data is credited like a watch's). */
    healthHooks: HealthHooks
    deposits: DepositService
    /** The raw samples' partitions: what the job `health.partitions` runs (tests run it at a chosen time). */
    rawStorage: RawStorage
    /** Wallet balances per block (tests wait on `refresh()` for a block made outside the app). */
    balances: BalanceBook
  }
  /** Cross-instance events (LISTEN/NOTIFY); closed with the server. */
  bus: Bus
  /** The supervisor of long-running work (the event listener, the indexer main.ts adds); stopped with the server. */
  runner: Runner
  /** The EVM chain every feature uses (balances, gas, broadcasting). */
  chain: ChainClient
}

/**
 * Builds the whole HTTP app on a database and a chain node (`config.chain.rpcUrl`: the
 * configured one, or the dev chain main.ts started); `listen` is the caller's.
 */
/** What a test may put in place of the machine's own: the DNS resolver outbound requests check. */
export interface AppOptions {
  resolver?: Resolver
}

export async function buildApp(config: Config, db: Db, options: AppOptions = {}): Promise<App> {
  const { rpcUrl } = config.chain
  if (!rpcUrl) throw new Error('config.chain.rpcUrl is unset: start the dev chain first (main.ts does)')
  const chain = createChain({ ...config.chain, rpcUrl })
  const { databaseUrl } = config
  if (!databaseUrl) throw new Error('config.databaseUrl is unset: start the database first (main.ts does)')

  const server = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    bodyLimit: BODY_LIMIT,
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
  })

  await server.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // the app is served over plain HTTP on loopback by default: HSTS only over TLS (below)
    strictTransportSecurity: false,
  })
  // over TLS (or behind a TLS proxy with TRUST_PROXY=1), every answer pins HTTPS for a year
  // (hooks every request runs take a callback: an async one costs each request a promise)
  server.addHook('onSend', (request, reply, payload, done) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS)
    done(null, payload)
  })
  await server.register(cookie)
  await server.register(formbody, {
    parser: (body) => qs.parse(body, { depth: 5, arrayLimit: 100, parameterLimit: 500 }),
  })
  await server.register(rateLimit, {
    global: false,
    errorResponseBuilder: (request, context) => ({
      statusCode: 429,
      ...fail('RATE_LIMITED', requestLang(request)),
      retryAfter: context.after,
    }),
  })

  server.setErrorHandler((error, request, reply) => {
    const lang = requestLang(request)
    const status = (error as { statusCode?: number }).statusCode ?? 500
    if (status === 413) return reply.code(413).send(fail('BODY_TOO_LARGE', lang))
    if (status === 429) return reply.code(429).send(fail('RATE_LIMITED', lang))
    if (status >= 400 && status < 500) return reply.code(status).send(fail('MALFORMED_BODY', lang))
    // the database restarting, or a node failure a feature did not answer itself
    const down =
      error instanceof ChainUnavailable
        ? 'CHAIN_UNAVAILABLE'
        : isDatabaseUnavailable(error)
          ? 'SERVICE_UNAVAILABLE'
          : undefined
    if (down) {
      // said once per request without the error itself: a driver error may quote SQL and its params
      request.log.warn({ down }, 'dependency unavailable')
      return reply.code(503).send(fail(down, lang))
    }
    request.log.error({ err: error }, 'request failed')
    return reply.code(500).send(fail('INTERNAL', lang))
  })

  server.addHook('onRequest', (request, reply, done) => {
    if (request.method === 'POST' && request.url.startsWith('/v1/') && !isSameSiteRequest(request)) {
      reply.code(403).send(fail('CSRF_REJECTED', requestLang(request)))
      return
    }
    done()
  })

  const outbox = outboxRepo(db)
  const mailer = createMailer({
    mailUrl: config.mailUrl,
    from: config.mailFrom,
    devMode: config.devMode,
    outbox,
    log: server.log,
  })
  const registry = new Registry()
  // mails still being sent after their answer went out are finished before the app closes
  server.addHook('onClose', () => mailer.settled())
  // long-running work (the event listener here, the chain indexer from main.ts), supervised
  const runner = createRunner(server.log.child({ module: 'runner' }))
  server.addHook('onClose', () => runner.stop())
  const bus = createBus({ databaseUrl, db, runner, log: server.log.child({ module: 'events' }) })
  // sessions are cached in process and dropped over the bus in every instance
  const sessions = sessionService(sessionsRepo(db), bus)
  const uploads = uploadService({ db, sessions })
  const jobs = createJobs({
    databaseUrl,
    log: server.log.child({ module: 'jobs' }),
    cronCheckSeconds: config.jobsCronCheckSeconds,
  })
  const resolver = options.resolver ?? systemResolver
  const ctx: AppContext = {
    config,
    db,
    registry,
    chain,
    rpcUrl,
    mailer,
    sessions,
    uploads,
    bus,
    jobs,
    resolver,
    log: server.log,
  }
  // the features define their jobs while they register (below); the workers start when the app
  // is ready, before the features' own onReady hooks (which may send jobs), and stop, waiting a
  // bounded time for running handlers, when it closes
  server.addHook('onReady', () => jobs.start())
  server.addHook('onClose', () => jobs.stop())
  jobs.define(PRUNE_KEYS_JOB, async () => void (await pruneIdempotencyKeys(db)))
  jobs.schedule(PRUNE_KEYS_JOB, '17 3 * * *')

  // the features: each registers its methods, routes and jobs; what one needs of another is its API
  // content first: its Web Push (`content.api.push`) tells users about the others' events
  const content = contentFeature(ctx)
  const support = supportFeature(ctx, { push: content.api.push })
  const earn = earnFeature(ctx, {
    openTicket: (userId, ticket) => support.api.support.openTicket(userId, ticket),
    push: content.api.push,
  })
  // the read models, on earn's settings; Discover's release of due cool-downs follows each settlement check
  const home = homeFeature(ctx, { earn: earn.api })
  const discover = discoverFeature(ctx, { earn: earn.api })
  // an invitation is rewarded inside the registration that earns it
  const account = accountFeature(ctx, { invited: earn.api.invited })
  // a wallet stored before proofs proving control: earning credits the deposits it held for it
  const wallet = walletFeature(ctx, { onProven: earn.api.deposits.onProven })
  // balances are read once per new block in every instance (docs/adr/2026-11-25-balances-per-block.md)
  runner.add(wallet.api.balances.service, wallet.api.balances.backoff)
  const shop = shopFeature(ctx, { earn: earn.api, push: content.api.push })
  // health's data changing (watch batches, imports) or its consent credits energy: health calls, earning answers
  const healthHooks: HealthHooks = { daysChanged: earn.api.daysChanged, consentChanged: earn.api.consentChanged }
  const device = deviceFeature(ctx, { ingest: ingestService(db, healthHooks, config.rawRetentionDays) })
  const health = healthFeature(ctx, {
    presence: device.api.presence,
    fitnessDays: async () => (await earn.api.settings.get()).physical_fitness_days,
    fitnessOffer: shop.api.fitnessOffer,
    redeemFitness: shop.api.redeemFitness,
    setProfileWeight: account.api.setWeight,
    hooks: healthHooks,
  })
  const admin = adminFeature(ctx, {
    content: content.api,
    support: support.api,
    earn: earn.api,
    shop: shop.api,
    device: device.api,
    health: health.api,
  })
  for (const f of [account, content, wallet, earn, home, discover, shop, device, health, support, admin])
    await server.register(f.plugin)
  // a catalog method without a handler stops the start here, naming it
  registry.assertComplete(CATALOG)

  await server.register(dispatcher, {
    registry,
    sessions,
    operators: admin.api.sessions,
    checkResults: config.checkResults,
    rateLimitPerMinute: config.rateLimitPerMinute,
    idempotency: idempotencyKeys(db),
    languageChanged: async (session, lang) => {
      await sessions.setLang(session, lang)
      await account.api.languages.remember(session.userId, lang)
    },
    // read-only operations on the replica (the pool main.ts connected routes them)
    reads: config.databaseReadUrl ? readRouting : undefined,
  })

  registerFileRoutes(server, uploads)
  await registerSockets(server, {
    bus,
    users: async (request) => {
      // a socket cannot send X-Account: `?account=` names the account instead
      const { account } = request.query as { account?: unknown }
      if (typeof account === 'string') request.headers['x-account'] = account
      return (await sessions.resolve(request))?.userId
    },
    operators: async (request) => (await admin.api.sessions.resolve(request))?.operatorId,
  })

  server.get('/v1/schema', async () => catalogSchema(CATALOG))
  server.get('/healthz', async () => {
    await db.execute('select 1')
    return { ok: true }
  })

  if (config.devMode) {
    server.get<{ Querystring: { to?: string } }>('/dev/outbox', async (request) => {
      // mails are sent after their request answered: list them once the ones under way are in
      await mailer.settled()
      return { list: await outbox.list(typeof request.query.to === 'string' ? request.query.to : undefined) }
    })
  }
  if (faucetAvailable(config)) {
    // both answer once the balance book has read the block they mined
    const seen = () => wallet.api.balances.refresh()
    registerFaucet(server, createFaucet({ ...config.chain, rpcUrl }), seen)
    registerDevPrice(server, { rpcUrl, feeds: config.chain.priceFeeds, seen })
  }

  if (existsSync(config.webDist)) {
    await server.register(fastifyStatic, {
      root: config.webDist,
      index: 'index.html',
      wildcard: true,
      // the service worker, the manifests and the page are checked with the server on every
      // load (a new build is found at once); the rest keeps @fastify/static's default
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const checked = /(?:^|[\\/])sw\.js$|\.webmanifest$|\.html$/.test(filePath)
        reply.setHeader('cache-control', checked ? 'no-cache' : 'public, max-age=0')
      },
    })
    // the bundles with the .br / .gz copies `npm run build` writes (scripts/precompress.mjs);
    // only here: @fastify/static answers 404 for a directory index (/, /admin/) with preCompressed
    await server.register(fastifyStatic, {
      root: path.join(config.webDist, 'assets'),
      prefix: '/assets/',
      preCompressed: true,
      decorateReply: false,
    })
    // the operator console is its own page (dist/admin/index.html)
    server.get('/admin', (_request, reply) => reply.redirect('/admin/'))
  } else {
    server.log.warn({ webDist: config.webDist }, 'web app not built: run `npm run build`')
  }

  const services = {
    content: content.api.content,
    push: content.api.push,
    uploads,
    support: support.api.support,
    admin: admin.api.admin,
    settlement: earn.api.settlement,
    scheduler: earn.api.scheduler,
    healthHooks,
    deposits: earn.api.deposits,
    rawStorage: health.api.raw,
    balances: wallet.api.balances,
  }
  return { server, registry, services, chain, bus, runner }
}
