import { addDays } from '../health/index.ts'
import type { DiscoverService } from './discover.service.ts'
import type { SettlementService } from './settlement.service.ts'
import { utcDay } from './settlement.ts'

interface Log {
  warn(details: object, message: string): void
}

/** How often every instance looks for a day to settle and cool-downs to release. */
export const SETTLEMENT_CHECK_MS = 60_000

/**
 * The daily settlement's scheduler, run by every instance: each check resumes an interrupted
 * run, settles each UTC day after the last settled one up to yesterday (on a fresh
 * database: yesterday only) and releases due cool-downs. Instances racing for one day meet
 * at the settlement lock and the day's primary key, so it is settled once.
 */
export function settlementScheduler(deps: {
  settlement: SettlementService
  discover: DiscoverService
  log: Log
  intervalMs?: number
}) {
  const { settlement, discover, log } = deps
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined

  async function check(now = new Date()): Promise<void> {
    for (const day of await settlement.unfinished()) await settlement.settle(day)
    const yesterday = addDays(utcDay(now), -1)
    const last = await settlement.lastDayUpTo(yesterday)
    for (let day = last ? addDays(last, 1) : yesterday; day <= yesterday; day = addDays(day, 1))
      await settlement.settle(day)
    let released: number
    do released = await discover.releaseDue()
    while (released > 0)
  }

  /** One check at a time per instance; a failed one is logged and tried again at the next. */
  function tick(): Promise<void> {
    running ??= check()
      .catch((error: unknown) => log.warn({ err: error }, 'settlement check failed; retrying at the next'))
      .finally(() => {
        running = undefined
      })
    return running
  }

  return {
    tick,
    start(): void {
      void tick()
      timer = setInterval(() => void tick(), deps.intervalMs ?? SETTLEMENT_CHECK_MS)
    },
    async stop(): Promise<void> {
      clearInterval(timer)
      await running
    },
  }
}
export type SettlementScheduler = ReturnType<typeof settlementScheduler>
