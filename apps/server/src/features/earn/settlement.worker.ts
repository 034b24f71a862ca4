import { addDays } from '../health/index.ts'
import type { SettlementService } from './settlement.service.ts'
import { utcDay } from './settlement.ts'

/**
 * The daily settlement's check, run as the `earn.settle` job (every minute when
 * SETTLEMENT_SCHEDULE is on, and at start): it resumes an interrupted run, settles each UTC
 * day after the last settled one up to yesterday (on a fresh database: yesterday only) and
 * then runs the steps other features added (Discover releases due cool-downs). Instances racing for one day meet at the settlement lock and the
 * day's primary key, so it is settled once; a failed check fails its job, which is retried.
 */
export function settlementScheduler(deps: { settlement: SettlementService }) {
  const { settlement } = deps
  let running: Promise<void> | undefined
  /** Each returns how many it did; it runs again until it does nothing. */
  const steps: (() => Promise<number>)[] = []

  async function check(now = new Date()): Promise<void> {
    for (const day of await settlement.unfinished()) await settlement.settle(day)
    const yesterday = addDays(utcDay(now), -1)
    const last = await settlement.lastDayUpTo(yesterday)
    for (let day = last ? addDays(last, 1) : yesterday; day <= yesterday; day = addDays(day, 1))
      await settlement.settle(day)
    for (const step of steps) {
      let done: number
      do done = await step()
      while (done > 0)
    }
  }

  return {
    /** Adds a step every check runs after settling, again until it does nothing (Discover's release of due cool-downs). */
    after(step: () => Promise<number>): void {
      steps.push(step)
    },
    /** One check; joins the one this instance is running, if any. */
    tick(): Promise<void> {
      running ??= check().finally(() => {
        running = undefined
      })
      return running
    },
  }
}
export type SettlementScheduler = ReturnType<typeof settlementScheduler>
