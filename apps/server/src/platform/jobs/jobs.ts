import { randomUUID } from 'node:crypto'
import pg from 'pg'
import PgBoss from 'pg-boss'

/** pg-boss's schema: its tables (queue, job, archive, schedule) live there (ADR 2026-11-24-job-library). */
export const JOBS_SCHEMA = 'pgboss'

export interface JobOptions {
  /** Attempts after the first failure (default 5). */
  retryLimit?: number
  /** Seconds before the first retry, doubled (with jitter) at each next one (default 2). */
  retryDelaySeconds?: number
  /** An attempt still active after this long (its process died) fails and is retried (default 600). */
  expireInSeconds?: number
  /** one at a time across instances */
  singleton?: boolean
  /** Jobs of this kind one instance runs at once (default 1): one slow job then holds up no other. */
  concurrency?: number
}

export interface Jobs {
  /** Registers a job kind and its handler; call in a feature's plugin, before start. */
  define<T extends object>(name: string, handler: (data: T) => Promise<void>, options?: JobOptions): void
  /** Queues a job. With `key`, at most one job of that name and key waits at a time (a repeat while one waits is dropped; one may wait while another with the key runs). */
  send<T extends object>(name: string, data: T, options?: { key?: string; startAfterSeconds?: number }): Promise<void>
  /** Runs `name` on a cron schedule (UTC), once per tick across instances. */
  schedule(name: string, cron: string, data?: object): void
  start(): Promise<void>
  stop(): Promise<void>
}

interface Log {
  info(details: object, message: string): void
  warn(details: object, message: string): void
}

export interface JobsSettings {
  databaseUrl: string
  log: Log
  /** Connections pg-boss may hold (its own pool: polling, sends, maintenance). */
  maxConnections?: number
  /** How often each job kind looks for work when nothing woke it (ms, at least 500). */
  pollMs?: number
  /** How often an instance checks the cron schedules (seconds, 1–45; pg-boss's default 30). */
  cronCheckSeconds?: number
  /** How long stop waits for running handlers before closing (ms). */
  stopTimeoutMs?: number
}

/**
 * An error as the log keeps it: its message, code and stack. A pg error carries its client
 * (connection parameters and all), which has no place in a log line.
 */
const brief = (error: unknown) =>
  error instanceof Error
    ? { message: error.message, code: (error as { code?: unknown }).code, stack: error.stack }
    : { message: String(error) }

/** `<feature>.<verb>`, e.g. `earn.settle`. */
const JOB_NAME = /^[a-z][a-z0-9-]*\.[a-z][a-z0-9-]*$/

const DEFAULTS = { retryLimit: 5, retryDelaySeconds: 2, expireInSeconds: 600 }

interface Kind {
  name: string
  handler: (data: object) => Promise<void>
  options: JobOptions
  /** Ends the current wait for work early (a send from this instance). */
  wake: () => void
  /** A send came since the loop last fetched: it fetches again without waiting. */
  woken: boolean
}

/**
 * Durable jobs on pg-boss in the app's Postgres. Each kind gets a pg-boss queue (policy
 * `short`: one waiting job per key; `stately` when singleton: besides, one running job per key
 * across instances) and one worker loop per instance that fetches jobs (up to the kind's
 * `concurrency`, one by default), runs their handlers and completes each, or fails it so
 * pg-boss retries it with exponential backoff.
 * A send wakes this instance's loop of that kind at once; jobs sent elsewhere, retries and
 * cron ticks are found by polling. A handler still running when its process dies is expired
 * by pg-boss's maintenance after `expireInSeconds` and retried.
 */
export function createJobs(settings: JobsSettings): Jobs {
  const { log } = settings
  const pollMs = Math.max(500, settings.pollMs ?? 2_000)
  const kinds = new Map<string, Kind>()
  const schedules: { name: string; cron: string; data: object }[] = []
  const running = new Set<Promise<void>>()
  let boss: PgBoss | undefined
  let loops: Promise<void>[] = []
  let stopping = false

  const bossFor = () =>
    new PgBoss({
      connectionString: settings.databaseUrl,
      schema: JOBS_SCHEMA,
      application_name: 'kinetic-jobs',
      // several instances and many test apps share one Postgres: pg-boss's own pool stays small
      max: settings.maxConnections ?? 3,
      cronMonitorIntervalSeconds: settings.cronCheckSeconds ?? 30,
      cronWorkerIntervalSeconds: Math.min(5, settings.cronCheckSeconds ?? 5),
    })

  const kindOf = (name: string): Kind => {
    const kind = kinds.get(name)
    if (!kind) throw new Error(`job ${name} is not defined`)
    return kind
  }

  async function loop(kind: Kind): Promise<void> {
    const slots = Math.max(1, kind.options.concurrency ?? 1)
    const active = new Set<Promise<void>>()
    while (!stopping && boss) {
      if (active.size >= slots) {
        await Promise.race(active)
        continue
      }
      kind.woken = false
      let jobs: PgBoss.Job<object>[] = []
      try {
        jobs = await boss.fetch<object>(kind.name, { batchSize: slots - active.size })
      } catch (error) {
        log.warn({ err: brief(error), job: kind.name }, 'job fetch failed; trying again')
      }
      if (jobs.length === 0) {
        // with jobs running, a finished one frees a slot but needs no fetch until work arrives
        await nap(kind)
        continue
      }
      for (const job of jobs) {
        const run: Promise<void> = attempt(boss, kind, job).finally(() => {
          running.delete(run)
          active.delete(run)
        })
        running.add(run)
        active.add(run)
      }
    }
    await Promise.all(active)
  }

  async function attempt(b: PgBoss, kind: Kind, job: PgBoss.Job<object>): Promise<void> {
    try {
      await kind.handler(job.data)
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      log.warn(
        { err: brief(error), job: kind.name, id: job.id },
        'job failed; retried with backoff while attempts remain',
      )
      // not reaching the database here leaves the job active: it expires and is retried
      await b.fail(kind.name, job.id, { message }).catch(() => undefined)
      return
    }
    await b.complete(kind.name, job.id).catch((error: unknown) => {
      log.warn(
        { err: error, job: kind.name, id: job.id },
        'job done but not marked complete; it runs again after it expires',
      )
    })
  }

  const nap = (kind: Kind) =>
    new Promise<void>((resolve) => {
      if (kind.woken || stopping) return resolve()
      const timer = setTimeout(done, pollMs)
      function done() {
        clearTimeout(timer)
        kind.wake = () => (kind.woken = true)
        resolve()
      }
      kind.wake = done
    })

  return {
    define(name, handler, options = {}) {
      if (!JOB_NAME.test(name)) throw new Error(`job name ${name} is not <feature>.<verb>`)
      if (kinds.has(name)) throw new Error(`job ${name} is defined twice`)
      if (boss) throw new Error(`job ${name} defined after the jobs started`)
      const kind: Kind = { name, handler: handler as Kind['handler'], options, wake: () => undefined, woken: false }
      kind.wake = () => (kind.woken = true)
      kinds.set(name, kind)
    },

    async send(name, data, options = {}) {
      const kind = kindOf(name)
      if (!boss) throw new Error(`job ${name} sent before the jobs started`)
      await boss.send(name, data, {
        // an unkeyed job gets a key of its own: the queue's policy would otherwise coalesce them all
        singletonKey: options.key ?? `~${randomUUID()}`,
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      })
      if (!options.startAfterSeconds) kind.wake()
    },

    schedule(name, cron, data = {}) {
      kindOf(name)
      if (boss) throw new Error(`job ${name} scheduled after the jobs started`)
      schedules.push({ name, cron, data })
    },

    async start() {
      if (boss) return
      stopping = false
      const started = bossFor()
      // pg-boss reports pool and maintenance errors as events: unheard, an event 'error' throws
      started.on('error', (error) => log.warn({ err: brief(error) }, 'job queue error'))
      await started.start()
      const queues = [...kinds.values()].map((kind): PgBoss.Queue => {
        const o = { ...DEFAULTS, ...kind.options }
        return {
          name: kind.name,
          policy: o.singleton ? 'stately' : 'short',
          retryLimit: o.retryLimit,
          retryDelay: o.retryDelaySeconds,
          retryBackoff: true,
          expireInSeconds: o.expireInSeconds,
        }
      })
      const known = new Set((await started.getQueues()).map((q) => q.name))
      const missing = queues.filter((q) => !known.has(q.name))
      if (missing.length > 0) await createQueues(settings.databaseUrl, started, missing)
      // a queue made by an earlier version keeps its name: its options follow the code
      for (const queue of queues) if (known.has(queue.name)) await started.updateQueue(queue.name, queue)
      const scheduled = new Set(schedules.map((s) => s.name))
      for (const s of await started.getSchedules())
        if (!scheduled.has(s.name) && kinds.has(s.name)) await started.unschedule(s.name)
      for (const s of schedules) await started.schedule(s.name, s.cron, s.data, { tz: 'UTC', singletonKey: 'cron' })
      boss = started
      loops = [...kinds.values()].map((kind) => loop(kind))
    },

    async stop() {
      const current = boss
      if (!current) return
      stopping = true
      for (const kind of kinds.values()) kind.wake()
      // handlers get a bounded time to finish; one still running is expired and retried later
      const timeoutMs = settings.stopTimeoutMs ?? 10_000
      let timer: NodeJS.Timeout | undefined
      const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), timeoutMs)))
      const outcome = await Promise.race([Promise.all([...loops, ...running]).then(() => 'done' as const), late])
      clearTimeout(timer)
      if (outcome === 'late') log.warn({ timeoutMs }, 'jobs still running at stop; they are retried after they expire')
      boss = undefined
      loops = []
      await current.stop({ graceful: false, close: true, wait: true })
    },
  }
}

/** pg-boss's internal queue of due cron ticks (timekeeper.js). */
const CRON_QUEUE = '__pgboss__send-it'

/** Arbitrary constant: serializes creating queues when several instances start at once. */
const QUEUES_LOCK = 7_340_401

/**
 * Creates queues under a session advisory lock: pg-boss makes each queue a partition (DDL),
 * and two instances creating the same new queue at once deadlock. The second one waits, then
 * finds it made (pg-boss's insert does nothing for an existing queue).
 */
async function createQueues(databaseUrl: string, boss: PgBoss, queues: PgBoss.Queue[]): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'kinetic-jobs-queues' })
  await client.connect()
  try {
    await client.query('SELECT pg_advisory_lock($1)', [QUEUES_LOCK])
    for (const queue of queues) await boss.createQueue(queue.name, queue)
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [QUEUES_LOCK]).catch(() => undefined)
    await client.end()
  }
}

/**
 * Creates or upgrades pg-boss's schema (runMigrations calls it after the app's migrations, so
 * a migrated database, the tests' template included, has it and an app's start only checks it).
 */
export async function migrateJobs(databaseUrl: string): Promise<void> {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    schema: JOBS_SCHEMA,
    application_name: 'kinetic-jobs-migrate',
    max: 1,
    supervise: false,
    schedule: false,
  })
  boss.on('error', () => undefined)
  await boss.start()
  // the queue cron ticks pass through, which every instance's start would otherwise create
  await boss.createQueue(CRON_QUEUE)
  await boss.stop({ graceful: false, close: true, wait: true })
}
