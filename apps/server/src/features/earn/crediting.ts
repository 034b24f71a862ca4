import type { Db } from '../../platform/db/client.ts'
import { addDays, consentOf, effortReads, healthReads, today, type EffortVerdict } from '../health/index.ts'
import { dayEnergy } from './energy.ts'
import { homeRepo } from './home.repo.ts'
import { ledger } from './ledger.ts'
import type { EarnSettings } from './settings.ts'

/** Users the daily catch-up reads at a time. */
const CATCH_UP_PAGE = 200

/** The user's local days inside the crediting window, oldest first: the last `windowDays`, today included. */
export function windowDays(todayLocal: string, windowDays: number): string[] {
  return Array.from({ length: windowDays }, (_, i) => addDays(todayLocal, i - windowDays + 1))
}

/**
 * Crediting energy when it is earned (docs/adr/2026-11-24-credit-on-arrival.md): health
 * tells earning which days of a user changed, and each day inside the crediting window
 * (`energy_window_days`, the user's last local days, today included) is topped up to what it
 * earns now, under the daily cap. A day older than the window still counts in health's
 * figures but is never credited. Reads (Home, balances…) never credit.
 */
export function crediting(deps: { db: Db; settings: EarnSettings }) {
  const { db, settings } = deps
  const health = healthReads(db)
  const effort = effortReads(db)

  /**
   * Tops one day up to `earned` under a per-user-day lock. The key `energy:<user>:<day>:<level>`
   * names the day's new total, so a repeat or a concurrent run moves nothing, a grown day is
   * topped up by the difference, and the cap is never passed.
   */
  async function topUp(userId: number, day: string, earned: bigint, verdict: EffortVerdict): Promise<bigint> {
    return db.transaction(async (tx) => {
      const locked = homeRepo(tx)
      await locked.lockEnergyDay(userId, day)
      const credited = (await locked.energyCredited(userId, [day])).get(day) ?? 0n
      if (earned <= credited) return credited
      await ledger(tx).reward(userId, 'energy', earned - credited, `energy:${userId}:${day}:${earned}`, 'energy', {
        day,
        verdict: verdict.verdict,
        reasons: verdict.reasons,
      })
      await locked.keepCredited(userId, day, earned)
      return earned
    })
  }

  /**
   * Credits what each of these local days earned beyond what it got; days outside the window
   * are skipped. Answers the credited total of each day it looked at.
   */
  async function creditDays(userId: number, days: readonly string[], now = new Date()): Promise<Map<string, bigint>> {
    const s = await settings.get()
    const { timeZone } = await health.profile(userId)
    const open = new Set(windowDays(today(timeZone, now), s.energy_window_days))
    const wanted = [...new Set(days)].filter((d) => open.has(d)).sort()
    const result = new Map<string, bigint>()
    const [first, last] = [wanted[0], wanted.at(-1)]
    if (first === undefined || last === undefined) return result
    const [rows, consent, seen] = await Promise.all([
      health.days(userId, first, last),
      consentOf(db, userId),
      homeRepo(db).energyCredited(userId, wanted),
    ])
    for (const day of wanted) {
      // A day with no rollup has nothing to pay; its data's arrival sends another credit. Its
      // effort is read after the rollups, so a day the rollups did not hold yet (an import
      // committing meanwhile) must not be paid from that later read. A day restored from a
      // Kinetic export counts in health's figures and never earns.
      const row = rows.find((r) => r.day === day)
      if (row === undefined || row.restored) continue
      const dayEffort = await effort.judge(userId, day)
      const earned = dayEnergy(row, consent, s, dayEffort).total
      const credited = seen.get(day) ?? 0n
      // read without a lock: a day that got all it earns is not locked at all
      result.set(day, earned <= credited ? credited : await topUp(userId, day, earned, dayEffort.verdict))
    }
    return result
  }

  return {
    creditDays,

    /** One day (the `earn.credit` job): its credited total, or null when it lies outside the window or was restored from an export. */
    async creditDay(userId: number, day: string): Promise<bigint | null> {
      return (await creditDays(userId, [day])).get(day) ?? null
    },

    /** The local days of a user's window now (a consent change credits each: stored days may now earn). */
    async windowOf(userId: number): Promise<string[]> {
      const { timeZone } = await health.profile(userId)
      return windowDays(today(timeZone), (await settings.get()).energy_window_days)
    },

    /**
     * The daily catch-up: credits every day of the window of every user with data in it, so
     * a day whose credit failed or never ran is paid while it is still in the window. Answers
     * how many users it looked at.
     */
    async catchUp(now = new Date()): Promise<number> {
      const window = (await settings.get()).energy_window_days
      // the earliest local day any time zone (UTC−12 … UTC+14) can still have in its window
      const from = addDays(now.toISOString().slice(0, 10), -window)
      let after = 0
      let users = 0
      for (;;) {
        const page = await health.usersWithDaysSince(from, after, CATCH_UP_PAGE)
        for (const userId of page) {
          const { timeZone } = await health.profile(userId)
          await creditDays(userId, windowDays(today(timeZone, now), window), now)
        }
        users += page.length
        const last = page.at(-1)
        if (last === undefined || page.length < CATCH_UP_PAGE) return users
        after = last
      }
    },
  }
}
export type Crediting = ReturnType<typeof crediting>
