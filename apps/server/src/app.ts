import { randomUUID } from 'node:crypto'
import { CATALOG } from '@kinetic/protocol'
import Fastify, { type FastifyInstance } from 'fastify'
import { createChain, type ChainClient } from './chain/client.ts'
import { accountFeature } from './features/account/index.ts'
import { adminFeature } from './features/admin/index.ts'
import { contentFeature } from './features/content/index.ts'
import { deviceFeature } from './features/device/index.ts'
import { discoverFeature } from './features/discover/index.ts'
import { earnFeature } from './features/earn/index.ts'
import { healthFeature, healthIngest } from './features/health/index.ts'
import { homeFeature } from './features/home/index.ts'
import { shopFeature } from './features/shop/index.ts'
import { supportFeature } from './features/support/index.ts'
import { walletFeature } from './features/wallet/index.ts'
import type { AppContext } from './platform/app-context.ts'
import type { Config } from './platform/config.ts'
import { platformContext } from './platform/context.ts'
import type { Db } from './platform/db/client.ts'
import { systemResolver, type Resolver } from './platform/egress/egress.ts'
import { devRoutes } from './platform/http/dev-routes.ts'
import { BODY_LIMIT, hardening } from './platform/http/hardening.ts'
import { webStatic } from './platform/http/web-static.ts'
import type { Runner } from './platform/jobs/supervisor.ts'
import type { Bus } from './platform/realtime/bus.ts'
import { registerSockets } from './platform/realtime/sockets.ts'
import { dispatcher } from './platform/rpc/dispatcher.ts'
import { idempotencyKeys } from './platform/rpc/idempotency.ts'
import { readRouting } from './platform/rpc/read-routing.ts'
import type { Registry } from './platform/rpc/registry.ts'
import { catalogSchema } from './platform/rpc/schema-doc.ts'
import { registerFileRoutes } from './platform/uploads/uploads.routes.ts'
import type { UploadService } from './platform/uploads/uploads.service.ts'

/**
 * The features, each given what it takes of another by name (that feature's API), in an order
 * their dependencies allow; they register on the app in the order of the object they return.
 */
function wireFeatures(ctx: AppContext) {
  // content's Web Push (`content.api.push`) tells users about the others' events
  const content = contentFeature(ctx)
  const support = supportFeature(ctx, { push: content.api.push })
  const earn = earnFeature(ctx, { openTicket: support.api.support.openTicket, push: content.api.push })
  // the read models, on earn's settings; Discover's release of due cool-downs follows each settlement check
  const home = homeFeature(ctx, { earn: earn.api })
  const discover = discoverFeature(ctx, { earn: earn.api })
  // an invitation is rewarded inside the registration that earns it
  const account = accountFeature(ctx, { invited: earn.api.invited })
  // a wallet stored before proofs proving control: earning credits the deposits it held for it
  const wallet = walletFeature(ctx, { onProven: earn.api.deposits.onProven })
  const shop = shopFeature(ctx, { earn: earn.api, push: content.api.push })
  // health's data changing (watch batches, imports) or its consent credits energy: health calls, earning answers
  const device = deviceFeature(ctx, { ingest: healthIngest(ctx, earn.api) })
  const health = healthFeature(ctx, {
    presence: device.api.presence,
    fitnessDays: earn.api.fitnessDays,
    fitnessOffer: shop.api.fitnessOffer,
    redeemFitness: shop.api.redeemFitness,
    setProfileWeight: account.api.setWeight,
    hooks: earn.api,
  })
  const admin = adminFeature(ctx, {
    content: content.api,
    support: support.api,
    earn: earn.api,
    shop: shop.api,
    device: device.api,
    health: health.api,
  })
  return { account, content, wallet, earn, home, discover, shop, device, health, support, admin }
}

type Wired = ReturnType<typeof wireFeatures>
/** Each feature's API, by the feature's name: what main.ts and the features' testkits use. */
export type FeatureApis = { [F in keyof Wired]: Wired[F]['api'] }

export interface App {
  server: FastifyInstance
  registry: Registry
  features: FeatureApis
  /** The files users upload (a platform piece the features share). */
  uploads: UploadService
  /** Cross-instance events (LISTEN/NOTIFY); closed with the server. */
  bus: Bus
  /** The supervisor of long-running work (the event listener, the indexer main.ts adds); stopped with the server. */
  runner: Runner
  /** The EVM chain every feature uses (balances, gas, broadcasting). */
  chain: ChainClient
}

/** What a test may put in place of the machine's own: the DNS resolver outbound requests check. */
export interface AppOptions {
  resolver?: Resolver
}

/**
 * Builds the whole HTTP app on a database and a chain node (`config.chain.rpcUrl`: the
 * configured one, or the dev chain main.ts started); `listen` is the caller's.
 */
export async function buildApp(config: Config, db: Db, options: AppOptions = {}): Promise<App> {
  const { rpcUrl } = config.chain
  if (!rpcUrl) throw new Error('config.chain.rpcUrl is unset: start the dev chain first (main.ts does)')
  const { databaseUrl } = config
  if (!databaseUrl) throw new Error('config.databaseUrl is unset: start the database first (main.ts does)')
  const chain = createChain({ ...config.chain, rpcUrl })
  const server = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.cookie', 'res.headers["set-cookie"]'] },
    bodyLimit: BODY_LIMIT,
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
  })
  await server.register(hardening)
  const resolver = options.resolver ?? systemResolver
  const ctx = platformContext(server, config, db, { chain, rpcUrl, databaseUrl, resolver })
  const { registry, sessions, uploads, bus, runner } = ctx

  // each feature registers its methods, routes and jobs; a catalog method without a handler
  // stops the start here, naming it
  const wired = wireFeatures(ctx)
  for (const f of Object.values(wired)) await server.register(f.plugin)
  registry.assertComplete(CATALOG)
  const { account, admin, wallet } = wired

  await server.register(dispatcher, {
    registry,
    sessions,
    operators: admin.api.sessions,
    checkResults: config.checkResults,
    rateLimitPerMinute: config.rateLimitPerMinute,
    idempotency: idempotencyKeys(db),
    languageChanged: account.api.languageChanged,
    // read-only operations on the replica (the pool main.ts connected routes them)
    reads: config.databaseReadUrl ? readRouting : undefined,
  })
  registerFileRoutes(server, uploads)
  await registerSockets(server, {
    bus,
    users: async (request) => (await sessions.resolve(request))?.userId,
    operators: admin.api.operatorOf,
  })
  server.get('/v1/schema', async () => catalogSchema(CATALOG))
  server.get('/healthz', async () => {
    await db.execute('select 1')
    return { ok: true }
  })
  await server.register(devRoutes, { config, db, rpcUrl, mailer: ctx.mailer, seen: wallet.api.balances.refresh })
  await server.register(webStatic, { webDist: config.webDist })

  const features = Object.fromEntries(Object.entries(wired).map(([name, f]) => [name, f.api])) as FeatureApis
  return { server, registry, features, uploads, bus, runner, chain }
}
