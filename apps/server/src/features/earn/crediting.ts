import type { Db } from '../../platform/db/client.ts'
import { addDays, consentOf, effortReads, healthReads, today, type DayEffort } from '../health/index.ts'
import { dayEnergy } from './energy.ts'
import { energyRepo } from './energy.repo.ts'
import { holdsRepo } from './holds.repo.ts'
import { ledger, SYSTEM, userAccount } from './ledger.ts'
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
   * Settles one day under a per-user-day lock: first the holds of workouts under review
   * (`effort.withheld`, health's claims): a workout newly frozen or revoked moves what the day got
   * beyond what it earns without it (never more than the user holds) to `system:held`; a hold
   * whose workout earns again is released to the user, one whose workout lost is forfeited to
   * `system:rewards`. Then the day is topped up to `earned`: the key
   * `energy:<user>:<day>:<level>[:<revision>]` names the day's new total (the revision counts the
   * holds and releases that moved it down and up), so a repeat or a concurrent run moves nothing,
   * a grown day is topped up by the difference, and the cap is never passed.
   */
  async function settleDay(userId: number, day: string, earned: bigint, effort: DayEffort): Promise<bigint> {
    return db.transaction(async (tx) => {
      const locked = energyRepo(tx)
      await locked.lockEnergyDay(userId, day)
      let credited = (await locked.energyCredited(userId, [day])).get(day) ?? 0n
      const holds = holdsRepo(tx)
      const book = ledger(tx)
      const list = await holds.ofDay(userId, day)
      let revision = list.length + list.filter((h) => h.status === 'released').length
      const withheld = new Map(effort.withheld.map((w) => [w.id, w.claim]))
      const keep = async (total: bigint) => {
        credited = total
        await locked.keepCredited(userId, day, credited)
      }
      const forfeit = async (id: number, amount: bigint) => {
        if (amount > 0n)
          await book.post({
            key: `energy-forfeit:${id}`,
            kind: 'energy_forfeit',
            memo: { day, hold: id },
            lines: [
              { owner: SYSTEM.held, asset: 'energy', amount: -amount },
              { owner: SYSTEM.rewards, asset: 'energy', amount },
            ],
          })
        await holds.settle(id, 'forfeited')
      }
      for (const hold of list) {
        if (hold.status !== 'open') continue
        const claim = withheld.get(hold.workoutId)
        if (claim === 'frozen') continue
        const amount = BigInt(hold.amount)
        if (claim === 'revoked') {
          await forfeit(hold.id, amount)
          hold.status = 'forfeited'
          continue
        }
        if (amount > 0n) {
          await book.post({
            key: `energy-release:${hold.id}`,
            kind: 'energy',
            memo: { day, hold: hold.id, released: true },
            lines: [
              { owner: SYSTEM.held, asset: 'energy', amount: -amount },
              { owner: userAccount(userId), asset: 'energy', amount },
            ],
          })
          await keep(credited + amount)
        }
        await holds.settle(hold.id, 'released')
        hold.status = 'released'
        revision++
      }
      for (const [workoutId, claim] of withheld) {
        const settled = list.some(
          (h) =>
            h.workoutId === workoutId && (h.status === 'open' || (claim === 'revoked' && h.status === 'forfeited')),
        )
        if (settled) continue
        const balance = await book.balance(userId, 'energy')
        const excess = credited > earned ? credited - earned : 0n
        const amount = excess < balance ? excess : balance
        const id = await holds.insert(userId, day, workoutId, amount)
        if (amount > 0n) {
          await book.post({
            key: `energy-hold:${id}`,
            kind: 'energy',
            memo: { day, hold: id, held: true },
            lines: [
              { owner: userAccount(userId), asset: 'energy', amount: -amount },
              { owner: SYSTEM.held, asset: 'energy', amount },
            ],
          })
          await keep(credited - amount)
        }
        revision++
        if (claim === 'revoked') await forfeit(id, amount)
      }
      if (earned <= credited) return credited
      const key = `energy:${userId}:${day}:${earned}${revision > 0 ? `:${revision}` : ''}`
      await book.reward(userId, 'energy', earned - credited, key, 'energy', {
        day,
        verdict: effort.verdict.verdict,
        reasons: effort.verdict.reasons,
      })
      await keep(earned)
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
    const [rows, consent, seen, held] = await Promise.all([
      health.days(userId, first, last),
      consentOf(db, userId),
      energyRepo(db).energyCredited(userId, wanted),
      holdsRepo(db).openDays(userId, wanted),
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
      // read without a lock: a day that got all it earns, with no workout under review, is not locked at all
      const settled = earned <= credited && dayEffort.withheld.length === 0 && !held.has(day)
      result.set(day, settled ? credited : await settleDay(userId, day, earned, dayEffort))
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
