import { and, eq, inArray, sql, type Placeholder } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { jsonRows, scalar, type Part } from '../../platform/db/json-rows.ts'
import { prepared, preparedParts, type Param, type Placeholders } from '../../platform/db/named.ts'
import { readVersions } from '../../platform/db/read-versions.tables.ts'
import { users } from '../../platform/db/users.tables.ts'
import { boundWatchCount } from '../device/index.ts'
import { healthParts } from '../health/index.ts'
import { backedUpWalletCount } from '../wallet/index.ts'
import { userAccount } from './ledger.ts'
import { ledgerParts } from './ledger.repo.ts'
import { energyDays } from './energy.tables.ts'
import { ledgerPostings } from './ledger.tables.ts'

/** Lock space of the per-user, per-day energy credit (pg_advisory_xact_lock's first key). */
const ENERGY_LOCK = 7340501

const count = (query: unknown) => scalar(sql`SELECT (${query})::int`, (value) => Number(value ?? 0))

/** Energy credited to a user for a local day's activity so far, in base units, as one part. */
function creditedPart(userId: Param<number>, day: Param<string>): Part<bigint> {
  return scalar(
    sql`SELECT ${energyDays.credited}::text FROM ${energyDays}
        WHERE ${and(eq(energyDays.userId, userId), eq(energyDays.day, day))}`,
    (value) => BigInt((value as string | null) ?? '0'),
  )
}

/** Which of these posting keys (an array value) exist, as one part. */
function postedPart(keys: Placeholder<string, string[]>): Part<Set<string>> {
  const part = jsonRows(
    { key: ledgerPostings.idempotencyKey },
    sql`FROM ${ledgerPostings} WHERE ${ledgerPostings.idempotencyKey} = ANY(${keys})`,
  )
  return { sql: part.sql, decode: (value) => new Set(part.decode(value).map((r) => r.key)) }
}

/** Home's balances, in this order, and how many latest movements it shows. */
const HOME_ASSETS = ['points', 'energy', 'power'] as const
const RECENT = 10

/**
 * Home in one statement (docs/adr/2026-11-25-home-in-one-read.md): the profile (its time zone
 * names the local `day`; the caller checks it is the one `day` was computed in), consent, goal,
 * setup counts, balances and latest movements; and of `day` this week's rollups (from `monday`,
 * each with its effort as last judged), the energy credited and which of `keys` are posted.
 */
const homeRead = preparedParts(
  'earn.home',
  (v: Placeholders<{ user: number; owner: string; day: string; monday: string; keys: string[] }>) => ({
    profile: healthParts.profile(v.user),
    consent: healthParts.consent(v.user),
    goalSteps: healthParts.goalSteps(v.user),
    watches: count(boundWatchCount(v.user)),
    backedUpWallets: count(backedUpWalletCount(v.user)),
    balances: ledgerParts.balances(v.owner, HOME_ASSETS),
    recent: ledgerParts.recent(v.user, RECENT),
    days: healthParts.days(v.user, v.monday, v.day),
    credited: creditedPart(v.user, v.day),
    posted: postedPart(v.keys),
  }),
)

/** What decides whether a kept Home still holds: the user's Home version (0 before any change) and time zone. */
const homeStamp = prepared('earn.home-stamp', (v: Placeholders<{ user: number }>) => ({
  sql: sql`SELECT ${users.timeZone} AS "timeZone", coalesce(${readVersions.home}, 0) AS version
           FROM ${users} LEFT JOIN ${readVersions} ON ${eq(readVersions.userId, users.id)}
           WHERE ${eq(users.id, v.user)}`,
  decode: (rows) => rows[0] as { timeZone: string; version: number } | undefined,
}))

/**
 * Home's reads: the setup facts (the device and wallet features' own subqueries), the energy
 * credited and the energy credit's lock. Health's data comes through `healthReads`; writes go
 * through the ledger.
 */
export function homeRepo(db: Db) {
  return {
    /** The user's Home version and time zone (see `homeStamp`); undefined for no such user. */
    stamp: (userId: number) => homeStamp(db, { user: userId }),

    /** Home's facts of the user's local `day` (see `homeRead`). */
    read: (userId: number, { day, monday, keys }: { day: string; monday: string; keys: string[] }) =>
      homeRead(db, { user: userId, owner: userAccount(userId), day, monday, keys }),

    /** Serializes energy credits of one user's day until the transaction ends. */
    async lockEnergyDay(userId: number, day: string): Promise<void> {
      await db.execute(sql`SELECT pg_advisory_xact_lock(${ENERGY_LOCK}, hashtext(${`${userId}:${day}`}))`)
    },

    /** Energy credited to the user for each of some local days' activity so far, in base units (days with none are absent). */
    async energyCredited(userId: number, days: string[]): Promise<Map<string, bigint>> {
      const rows = await db
        .select({ day: energyDays.day, credited: energyDays.credited })
        .from(energyDays)
        .where(and(eq(energyDays.userId, userId), inArray(energyDays.day, days)))
      return new Map(rows.map((r) => [r.day, BigInt(r.credited)]))
    },

    /** Users' days whose kept credited energy differs from the sum of that day's energy postings (either side missing counts as 0). */
    async energyDayMismatches() {
      const result = await db.execute<{ user_id: string; day: string; kept: string; posted: string }>(sql`
        WITH posted AS (
          SELECT a.user_id, (p.memo->>'day')::date AS day, sum(e.amount) AS total
          FROM ledger_entries e
          JOIN ledger_accounts a ON a.id = e.account_id
          JOIN ledger_postings p ON p.id = e.posting_id
          WHERE p.kind = 'energy' AND e.asset = 'energy' AND a.user_id IS NOT NULL
          GROUP BY 1, 2
        )
        SELECT coalesce(k.user_id, p.user_id)::text AS user_id, coalesce(k.day, p.day)::text AS day,
               coalesce(k.credited, 0)::text AS kept, coalesce(p.total, 0)::text AS posted
        FROM ${energyDays} k FULL JOIN posted p ON p.user_id = k.user_id AND p.day = k.day
        WHERE coalesce(k.credited, 0) <> coalesce(p.total, 0)
        ORDER BY 1, 2`)
      return result.rows
    },

    /** Keeps a day's credited total (inside the credit's transaction, under its lock). */
    async keepCredited(userId: number, day: string, credited: bigint): Promise<void> {
      await db
        .insert(energyDays)
        .values({ userId, day, credited: credited.toString() })
        .onConflictDoUpdate({ target: [energyDays.userId, energyDays.day], set: { credited: credited.toString() } })
    },
  }
}
export type HomeRepo = ReturnType<typeof homeRepo>
