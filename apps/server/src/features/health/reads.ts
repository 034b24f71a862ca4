import type { Db } from '../../platform/db/client.ts'
import { healthRepo, type DayRow } from './health.repo.ts'

export type { DayRow as HealthDay }

/**
 * What other features (earning's Home) may read of a user's health: the profile
 * fields the formulas need, the day rollups and the daily goal. Consent is `consent.ts`'s.
 */
export const healthReads = (db: Db) => {
  const repo = healthRepo(db)
  return {
    profile: (userId: number) => repo.profile(userId),
    /** Day rollups from `from` to `to` (local days, inclusive), oldest first. */
    days: (userId: number, from: string, to: string) => repo.days(userId, from, to),
    /**
     * Users with data on `from` or later, a page at a time (ids after `afterUserId`): earning's
     * daily catch-up walks them.
     */
    usersWithDaysSince: (from: string, afterUserId: number, limit: number) =>
      repo.usersWithDaysSince(from, afterUserId, limit),
    /** The daily step goal, undefined when the user never set one. */
    goalSteps: async (userId: number) => (await repo.goal(userId))?.step,
  }
}
