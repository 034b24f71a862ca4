import { describe, expect, it } from 'vitest'
import { networkPower } from './network-power.ts'

/** A network figure over a counted read, on a clock the test moves. */
function aFigure() {
  const clock = { now: 0 }
  const reads: { rules: [bigint, number]; answer(total: bigint): void; fail(error: Error): void }[] = []
  const figure = networkPower(
    (activateMin, boostPct) =>
      new Promise<bigint>((resolve, reject) =>
        reads.push({ rules: [activateMin, boostPct], answer: resolve, fail: reject }),
      ),
    { freshMs: 30, maxAgeMs: 60, now: () => clock.now },
  )
  return { clock, reads, figure }
}
const rules = { activateMin: 100n, boostPct: 20 }

describe('the network power Discover shows', () => {
  it('reads everyone once for many requests, and again once the figure is old', async () => {
    const { clock, reads, figure } = aFigure()
    const first = Promise.all([figure(rules), figure(rules), figure(rules)])
    expect(reads).toHaveLength(1)
    reads[0]!.answer(42n)
    expect(await first).toEqual([42n, 42n, 42n])

    clock.now = 29
    expect(await figure(rules)).toBe(42n)
    expect(reads).toHaveLength(1)

    // past fresh: the kept figure answers while one read runs
    clock.now = 30
    expect(await Promise.all([figure(rules), figure(rules)])).toEqual([42n, 42n])
    expect(reads).toHaveLength(2)
    reads[1]!.answer(50n)
    await new Promise((resolve) => setImmediate(resolve))
    expect(await figure(rules)).toBe(50n)
    expect(reads).toHaveLength(2)
  })

  it('waits for a new figure past its age or under other rules, and reads again after a failure', async () => {
    const { clock, reads, figure } = aFigure()
    const first = figure(rules)
    reads[0]!.answer(42n)
    await first

    clock.now = 60
    const old = figure(rules)
    expect(reads).toHaveLength(2)
    reads[1]!.answer(43n)
    expect(await old).toBe(43n)

    const boosted = figure({ activateMin: 100n, boostPct: 50 })
    expect(reads[2]!.rules).toEqual([100n, 50])
    reads[2]!.answer(60n)
    expect(await boosted).toBe(60n)

    clock.now = 200
    const failing = figure(rules)
    reads[3]!.fail(new Error('database down'))
    await expect(failing).rejects.toThrow('database down')
    const retried = figure(rules)
    expect(reads).toHaveLength(5)
    reads[4]!.answer(44n)
    expect(await retried).toBe(44n)
  })
})
