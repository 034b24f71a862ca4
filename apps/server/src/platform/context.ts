import type { FastifyInstance } from 'fastify'
import type { ChainClient } from '../chain/client.ts'
import type { AppContext } from './app-context.ts'
import { sessionService } from './auth/sessions.ts'
import { sessionsRepo } from './auth/sessions.repo.ts'
import type { Config } from './config.ts'
import type { Db } from './db/client.ts'
import type { Resolver } from './egress/egress.ts'
import { createJobs } from './jobs/jobs.ts'
import { createRunner } from './jobs/supervisor.ts'
import { createMailer } from './mail/mailer.ts'
import { outboxRepo } from './mail/outbox.repo.ts'
import { createBus } from './realtime/bus.ts'
import { PRUNE_KEYS_JOB, pruneIdempotencyKeys } from './rpc/idempotency.ts'
import { Registry } from './rpc/registry.ts'
import { uploadService } from './uploads/uploads.service.ts'

/**
 * The platform's shared pieces every feature is built on (AppContext), made once on `server`:
 * the mailer, the runner of long-running work, the bus, sessions, uploads and the jobs, each
 * stopped when the server closes.
 */
export function platformContext(
  server: FastifyInstance,
  config: Config,
  db: Db,
  pieces: { chain: ChainClient; rpcUrl: string; databaseUrl: string; resolver: Resolver },
): AppContext {
  const { chain, rpcUrl, databaseUrl, resolver } = pieces
  const mailer = createMailer({
    mailUrl: config.mailUrl,
    from: config.mailFrom,
    devMode: config.devMode,
    outbox: outboxRepo(db),
    log: server.log,
  })
  // mails still being sent after their answer went out are finished before the app closes
  server.addHook('onClose', () => mailer.settled())
  // long-running work (the event listener here, the chain indexer from main.ts), supervised
  const runner = createRunner(server.log.child({ module: 'runner' }))
  server.addHook('onClose', () => runner.stop())
  const bus = createBus({ databaseUrl, db, runner, log: server.log.child({ module: 'events' }) })
  // sessions are cached in process and dropped over the bus in every instance
  const sessions = sessionService(sessionsRepo(db), bus)
  const jobs = createJobs({
    databaseUrl,
    log: server.log.child({ module: 'jobs' }),
    cronCheckSeconds: config.jobsCronCheckSeconds,
  })
  // the features define their jobs while they register; the workers start when the app is
  // ready, before the features' own onReady hooks (which may send jobs), and stop, waiting a
  // bounded time for running handlers, when it closes
  server.addHook('onReady', () => jobs.start())
  server.addHook('onClose', () => jobs.stop())
  jobs.define(PRUNE_KEYS_JOB, async () => void (await pruneIdempotencyKeys(db)))
  jobs.schedule(PRUNE_KEYS_JOB, '17 3 * * *')
  return {
    config,
    db,
    registry: new Registry(),
    chain,
    rpcUrl,
    mailer,
    sessions,
    uploads: uploadService({ db, sessions }),
    bus,
    jobs,
    runner,
    resolver,
    log: server.log,
  }
}
