import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cloneDatabase } from '../../../test/harness.ts'
import { createJobs, type Jobs } from './jobs.ts'

/** The job library on a database of its own: retries, keyed sends, singletons across instances, cron. */

const quiet = { info: () => undefined, warn: () => undefined }
let clone: Awaited<ReturnType<typeof cloneDatabase>>
const started: Jobs[] = []

beforeAll(async () => {
  clone = await cloneDatabase()
})
afterAll(async () => {
  await Promise.all(started.map((jobs) => jobs.stop()))
  await clone?.drop()
})

/** An instance of the job library on the test database (as each app instance makes one). */
function instance(define: (jobs: Jobs) => void, options: { cronCheckSeconds?: number } = {}): Jobs {
  const jobs = createJobs({ databaseUrl: clone.url, log: quiet, pollMs: 500, ...options })
  define(jobs)
  started.push(jobs)
  return jobs
}

/** Resolves when `done()` holds, checking every 100 ms; fails after `seconds`. */
async function until(done: () => boolean, seconds = 30): Promise<void> {
  for (let waited = 0; !done(); waited += 100) {
    if (waited > seconds * 1000) throw new Error('waited too long')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe('jobs', () => {
  it('retries a failed job until it succeeds', async () => {
    const attempts: number[] = []
    const jobs = instance((j) =>
      j.define<{ n: number }>(
        'test.flaky',
        async ({ n }) => {
          attempts.push(n)
          if (attempts.length < 3) throw new Error(`attempt ${attempts.length} failed`)
        },
        { retryDelaySeconds: 1 },
      ),
    )
    await jobs.start()
    await jobs.send('test.flaky', { n: 7 })
    await until(() => attempts.length >= 3)
    // a fourth run would mean the success was not recorded
    await jobs.stop()
    expect(attempts).toEqual([7, 7, 7])
  })

  it('keeps one waiting job per key: a repeat while it waits is dropped, other keys are not', async () => {
    const seen: string[] = []
    const jobs = instance((j) =>
      j.define<{ who: string }>('test.keyed', async ({ who }) => {
        seen.push(who)
      }),
    )
    await jobs.start()
    // sent to start later, so all three wait at once
    await jobs.send('test.keyed', { who: 'a1' }, { key: 'a', startAfterSeconds: 1 })
    await jobs.send('test.keyed', { who: 'a2' }, { key: 'a', startAfterSeconds: 1 })
    await jobs.send('test.keyed', { who: 'b1' }, { key: 'b', startAfterSeconds: 1 })
    await jobs.send('test.keyed', { who: 'x1' })
    await jobs.send('test.keyed', { who: 'x2' })
    await until(() => seen.length >= 4)
    await jobs.stop()
    expect(seen.sort()).toEqual(['a1', 'b1', 'x1', 'x2'])
  })

  it('runs a singleton job one at a time across two instances; the next waits for it', async () => {
    let running = 0
    let most = 0
    const runs: string[] = []
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => (release = resolve))
    const handler = async ({ n }: { n: string }) => {
      running++
      most = Math.max(most, running)
      runs.push(n)
      await gate
      running--
    }
    const [a, b] = [1, 2].map(() =>
      instance((j) => j.define('test.single', handler, { singleton: true, retryDelaySeconds: 1 })),
    ) as [Jobs, Jobs]
    await Promise.all([a.start(), b.start()])
    await a.send('test.single', { n: 'first' }, { key: 'signer' })
    await until(() => runs.length === 1)
    // while it runs: one more waits (from the other instance), a third is dropped
    await b.send('test.single', { n: 'second' }, { key: 'signer' })
    await a.send('test.single', { n: 'third' }, { key: 'signer' })
    // both instances poll (every 500 ms) meanwhile: neither may start the waiting one
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    expect(runs).toEqual(['first'])
    release()
    await until(() => runs.length === 2)
    await Promise.all([a.stop(), b.stop()])
    expect(runs).toEqual(['first', 'second'])
    expect(most).toBe(1)
  })

  it('runs a scheduled job from its cron schedule', async () => {
    const ticks: object[] = []
    const jobs = instance(
      (j) => {
        j.define('test.tick', async (data) => {
          ticks.push(data)
        })
        // every minute: the minute under way counts as a tick that is due
        j.schedule('test.tick', '* * * * *', { from: 'cron' })
      },
      { cronCheckSeconds: 1 },
    )
    await jobs.start()
    await until(() => ticks.length >= 1)
    await jobs.stop()
    expect(ticks[0]).toEqual({ from: 'cron' })
  })
})
