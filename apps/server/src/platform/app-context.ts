import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import type { ChainClient } from '../chain/client.ts'
import type { SessionService } from './auth/sessions.ts'
import type { Config } from './config.ts'
import type { Resolver } from './egress/egress.ts'
import type { Db } from './db/client.ts'
import type { Jobs } from './jobs/jobs.ts'
import type { Runner } from './jobs/supervisor.ts'
import type { Mailer } from './mail/mailer.ts'
import type { Bus } from './realtime/bus.ts'
import type { Registry } from './rpc/registry.ts'
import type { UploadService } from './uploads/uploads.service.ts'

/**
 * What every server feature is built on: the platform's shared pieces, made once in app.ts
 * and handed to each feature's factory (features/<f>/index.ts). What one feature needs of
 * another comes as a second argument, that feature's typed API.
 */
export interface AppContext {
  config: Config
  db: Db
  /** The protocol methods' handlers: each feature's plugin registers its own. */
  registry: Registry
  chain: ChainClient
  /** The chain node's URL (config.chain.rpcUrl, known to be set once the app is built). */
  rpcUrl: string
  mailer: Mailer
  sessions: SessionService
  uploads: UploadService
  /** Cross-instance events (LISTEN/NOTIFY). */
  bus: Bus
  /** Durable background jobs (pg-boss): define in a feature's plugin; started once the app is ready. */
  jobs: Jobs
  /** The supervisor of long-running work (the event listener, the balance book, the indexer main.ts adds). */
  runner: Runner
  /** Resolves host names for outbound requests a user can steer (platform/egress): checked, then pinned. */
  resolver: Resolver
  log: FastifyBaseLogger
}

/** A server feature: the Fastify plugin app.ts registers, and the API other features use. */
export interface Feature<Api> {
  name: string
  /** Registers its protocol methods, routes and background jobs (hooks) on the app. */
  plugin: FastifyPluginAsync
  api: Api
}

/**
 * A feature's plugin, wrapped so its routes and hooks (onReady jobs, onClose stops) belong to
 * the app itself rather than an encapsulated child context.
 */
export function feature<Api>(name: string, api: Api, plugin: FastifyPluginAsync): Feature<Api> {
  return { name, api, plugin: fp(plugin, { name: `feature-${name}` }) }
}
