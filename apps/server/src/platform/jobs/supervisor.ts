/**
 * Long-running work that is not a job (the chain indexer, the event bus's listening
 * connection): each service runs until stopped; when it ends or throws before that, it is
 * started again after a capped exponential backoff (doubling from `firstMs` to `maxMs`),
 * which goes back to `firstMs` once the service reports itself up.
 */

export interface Service {
  name: string
  /**
   * Runs until `signal` aborts. Returning or throwing earlier is a crash: it is run again after
   * the backoff. `up()` says it works (a connection made, a pass done): the backoff starts over.
   */
  run(context: { signal: AbortSignal; up: () => void }): Promise<void>
}

interface Log {
  info(details: object, message: string): void
  warn(details: object, message: string): void
}

export interface Backoff {
  firstMs: number
  maxMs: number
}

const DEFAULT_BACKOFF: Backoff = { firstMs: 500, maxMs: 10_000 }

export interface Supervised {
  /** Aborts the service's signal and waits for its run (and any backoff) to end. */
  stop(): Promise<void>
}

/** Runs one service under supervision from now until stop(). */
export function supervise(service: Service, log: Log, backoff: Backoff = DEFAULT_BACKOFF): Supervised {
  const controller = new AbortController()
  const { signal } = controller
  let failures = 0

  const up = () => {
    if (failures > 0) log.info({ service: service.name }, 'running again')
    failures = 0
  }

  const done = (async () => {
    while (!signal.aborted) {
      try {
        await service.run({ signal, up })
        if (signal.aborted) return
        throw new Error('ended by itself')
      } catch (error) {
        if (signal.aborted) return
        // said once per outage, then retried quietly
        if (failures === 0) log.warn({ err: error, service: service.name }, 'stopped; restarting with backoff')
        failures++
      }
      await pause(Math.min(backoff.maxMs, backoff.firstMs * 2 ** (failures - 1)), signal)
    }
  })()

  return {
    async stop() {
      controller.abort()
      await done
    },
  }
}

/** Waits `ms`, or less when `signal` aborts. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve()
  return new Promise((resolve) => {
    const timer = setTimeout(finish, ms)
    signal.addEventListener('abort', finish, { once: true })
    function finish() {
      clearTimeout(timer)
      signal.removeEventListener('abort', finish)
      resolve()
    }
  })
}

/** The app's one runner of long-running services: each added one runs at once; stop() stops them all. */
export interface Runner {
  add(service: Service, backoff?: Backoff): void
  stop(): Promise<void>
}

export function createRunner(log: Log): Runner {
  const running: Supervised[] = []
  let stopped = false
  return {
    add(service, backoff) {
      if (stopped) throw new Error(`${service.name} added after the runner stopped`)
      running.push(supervise(service, log, backoff))
    },
    async stop() {
      stopped = true
      await Promise.all(running.splice(0).map((s) => s.stop()))
    },
  }
}
