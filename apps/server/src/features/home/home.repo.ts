import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { scalar } from '../../platform/db/json-rows.ts'
import { prepared, preparedParts, type Placeholders } from '../../platform/db/named.ts'
import { readVersions } from '../../platform/db/read-versions.tables.ts'
import { users } from '../../platform/db/users.tables.ts'
import { boundWatchCount } from '../device/index.ts'
import { healthParts } from '../health/index.ts'
import { backedUpWalletCount } from '../wallet/index.ts'
import { energyParts, ledgerParts, userAccount } from '../earn/index.ts'

const count = (query: unknown) => scalar(sql`SELECT (${query})::int`, (value) => Number(value ?? 0))

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
  'home.read',
  (v: Placeholders<{ user: number; owner: string; day: string; monday: string; keys: string[] }>) => ({
    profile: healthParts.profile(v.user),
    consent: healthParts.consent(v.user),
    goalSteps: healthParts.goalSteps(v.user),
    watches: count(boundWatchCount(v.user)),
    backedUpWallets: count(backedUpWalletCount(v.user)),
    balances: ledgerParts.balances(v.owner, HOME_ASSETS),
    recent: ledgerParts.recent(v.user, RECENT),
    days: healthParts.days(v.user, v.monday, v.day),
    credited: energyParts.credited(v.user, v.day),
    posted: ledgerParts.posted(v.keys),
  }),
)

/** What decides whether a kept Home still holds: the user's Home version (0 before any change) and time zone. */
const homeStamp = prepared('home.stamp', (v: Placeholders<{ user: number }>) => ({
  sql: sql`SELECT ${users.timeZone} AS "timeZone", coalesce(${readVersions.home}, 0) AS version
           FROM ${users} LEFT JOIN ${readVersions} ON ${eq(readVersions.userId, users.id)}
           WHERE ${eq(users.id, v.user)}`,
  decode: (rows) => rows[0] as { timeZone: string; version: number } | undefined,
}))

/**
 * Home's reads: its version stamp and its one statement, built from the owners' parts (health,
 * device, wallet, the ledger and the energy credit). Writes go through earn's ledger.
 */
export function homeRepo(db: Db) {
  return {
    /** The user's Home version and time zone (see `homeStamp`); undefined for no such user. */
    stamp: (userId: number) => homeStamp(db, { user: userId }),

    /** Home's facts of the user's local `day` (see `homeRead`). */
    read: (userId: number, { day, monday, keys }: { day: string; monday: string; keys: string[] }) =>
      homeRead(db, { user: userId, owner: userAccount(userId), day, monday, keys }),
  }
}
export type HomeRepo = ReturnType<typeof homeRepo>
