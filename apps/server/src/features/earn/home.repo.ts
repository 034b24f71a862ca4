import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { jsonRows, scalar, selectParts, type Part } from '../../platform/db/json-rows.ts'
import { boundWatchCount } from '../device/index.ts'
import { effortParts, healthParts } from '../health/index.ts'
import { backedUpWalletCount } from '../wallet/index.ts'
import { userAccount, type Asset } from './ledger.ts'
import { ledgerParts } from './ledger.repo.ts'
import { ledgerAccounts, ledgerEntries, ledgerPostings } from './ledger.tables.ts'

/** Lock space of the per-user, per-day energy credit (pg_advisory_xact_lock's first key). */
const ENERGY_LOCK = 7340501

const count = (query: unknown) => scalar(sql`SELECT (${query})::int`, (value) => Number(value ?? 0))

/** Energy credited to a user for a local day's activity so far, in base units, as one part. */
function creditedPart(userId: number, day: string): Part<bigint> {
  return scalar(
    sql`SELECT coalesce(sum(${ledgerEntries.amount}), 0)::text
        FROM ${ledgerEntries}
        JOIN ${ledgerAccounts} ON ${eq(ledgerAccounts.id, ledgerEntries.accountId)}
        JOIN ${ledgerPostings} ON ${eq(ledgerPostings.id, ledgerEntries.postingId)}
        WHERE ${and(
          eq(ledgerAccounts.userId, userId),
          eq(ledgerEntries.asset, 'energy'),
          eq(ledgerPostings.kind, 'energy'),
          sql`${ledgerPostings.memo}->>'day' = ${day}`,
        )}`,
    (value) => BigInt(value as string),
  )
}

/** Which of these posting keys exist, as one part. */
function postedPart(keys: string[]): Part<Set<string>> {
  const part = jsonRows(
    { key: ledgerPostings.idempotencyKey },
    sql`FROM ${ledgerPostings} WHERE ${inArray(ledgerPostings.idempotencyKey, keys)}`,
  )
  return { sql: part.sql, decode: (value) => new Set(part.decode(value).map((r) => r.key)) }
}

/**
 * Home's reads: the setup facts (the device and wallet features' own subqueries), the energy
 * credited and the energy credit's lock. Health's data comes through `healthReads`; writes go
 * through the ledger.
 */
export function homeRepo(db: Db) {
  return {
    /**
     * Home's first statement: what does not depend on the user's local day (the profile's time
     * zone names that day) — the profile, consent, goal, setup counts, balances and latest movements.
     */
    async user<A extends Asset>(userId: number, assets: readonly A[], recent: number) {
      const query = selectParts({
        profile: healthParts.profile(userId),
        consent: healthParts.consent(userId),
        goalSteps: healthParts.goalSteps(userId),
        watches: count(boundWatchCount(db, userId)),
        backedUpWallets: count(backedUpWalletCount(db, userId)),
        balances: ledgerParts.balances(userAccount(userId), assets),
        recent: ledgerParts.recent(userId, recent),
      })
      const result = await db.execute<Record<string, unknown>>(query.sql)
      return query.decode(result.rows[0]!)
    },

    /**
     * Home's second statement: the user's local `day` — this week's rollups (from `monday`), the
     * data of the day's effort, the energy credited for it, and which of `keys` are posted.
     */
    async day(userId: number, tz: string, day: string, monday: string, keys: string[]) {
      const query = selectParts({
        days: healthParts.days(userId, monday, day),
        credited: creditedPart(userId, day),
        posted: postedPart(keys),
        ...effortParts(userId, tz, day),
      })
      const result = await db.execute<Record<string, unknown>>(query.sql)
      return query.decode(result.rows[0]!)
    },

    /** Serializes energy credits of one user's day until the transaction ends. */
    async lockEnergyDay(userId: number, day: string): Promise<void> {
      await db.execute(sql`SELECT pg_advisory_xact_lock(${ENERGY_LOCK}, hashtext(${`${userId}:${day}`}))`)
    },

    /** Energy credited to the user for each of some local days' activity so far, in base units (days with none are absent). */
    async energyCredited(userId: number, days: string[]): Promise<Map<string, bigint>> {
      const day = sql<string>`${ledgerPostings.memo}->>'day'`
      const rows = await db
        .select({ day, total: sql<string>`sum(${ledgerEntries.amount})::text` })
        .from(ledgerEntries)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
        .innerJoin(ledgerPostings, eq(ledgerPostings.id, ledgerEntries.postingId))
        .where(
          and(
            eq(ledgerAccounts.userId, userId),
            eq(ledgerEntries.asset, 'energy'),
            eq(ledgerPostings.kind, 'energy'),
            inArray(day, days),
          ),
        )
        .groupBy(day)
      return new Map(rows.map((r) => [r.day, BigInt(r.total)]))
    },
  }
}
export type HomeRepo = ReturnType<typeof homeRepo>
