import { describe, expect, it } from 'vitest'
import { createRunner, supervise, type Service } from './supervisor.ts'

/** Long-running services: restarted after a crash with capped backoff, said once per outage, stopped on demand. */

function recorder() {
  const lines: string[] = []
  return {
    lines,
    log: {
      info: (_details: object, message: string) => void lines.push(`info: ${message}`),
      warn: (_details: object, message: string) => void lines.push(`warn: ${message}`),
    },
  }
}

describe('the supervisor', () => {
  it('restarts a crashing service until it runs, warns once per outage, and stops it', async () => {
    const { lines, log } = recorder()
    let runs = 0
    let aborted = false
    const service: Service = {
      name: 'flaky',
      async run({ signal, up }) {
        runs++
        if (runs <= 3) throw new Error(`crash ${runs}`)
        up()
        await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()))
        aborted = true
      },
    }
    const supervised = supervise(service, log, { firstMs: 5, maxMs: 20 })
    await expect.poll(() => runs).toBe(4)
    await supervised.stop()
    expect(aborted).toBe(true)
    expect(lines).toEqual(['warn: stopped; restarting with backoff', 'info: running again'])
  })

  it('counts a service that returns by itself as a crash, and the runner stops every service', async () => {
    const { log } = recorder()
    let ended = 0
    let held = 0
    const runner = createRunner(log)
    runner.add({ name: 'ends', run: async () => void ended++ }, { firstMs: 5, maxMs: 5 })
    runner.add({
      name: 'holds',
      run: ({ signal }) =>
        new Promise<void>((resolve) => {
          held++
          signal.addEventListener('abort', () => resolve())
        }),
    })
    await expect.poll(() => ended).toBeGreaterThanOrEqual(3)
    await runner.stop()
    const after = ended
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(ended).toBe(after)
    expect(held).toBe(1)
    expect(() => runner.add({ name: 'late', run: async () => undefined })).toThrow(/after the runner stopped/)
  })
})
