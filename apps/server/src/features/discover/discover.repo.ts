import { and, count, desc, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { decodeObject, jsonObject, jsonRows, scalar, type Part } from '../../platform/db/json-rows.ts'
import { preparedParts, type Param, type Placeholders } from '../../platform/db/named.ts'
import { readVersions, sharedVersions } from '../../platform/db/read-versions.tables.ts'
import {
  discoverRecords,
  ledgerParts,
  networkTotals,
  pledges,
  settlementParts,
  settlementShares,
  userAccount,
  type RewardKind,
} from '../earn/index.ts'

export type RecordRow = typeof discoverRecords.$inferSelect
export type NewRecord = Pick<typeof discoverRecords.$inferInsert, 'userId' | 'kind'> &
  Partial<Pick<typeof discoverRecords.$inferInsert, 'requestId' | 'amount' | 'releaseAt' | 'unstakeId'>>

const sumText = (column: unknown) => sql<string>`coalesce(sum(${column}), 0)::text`
const amount = (query: SQL) => scalar(query, (value) => BigInt((value as string | null) ?? '0'))

/** How many of a user's latest records Discover shows. */
export const RECORDS_SHOWN = 20

/** A sum of rewards as text, kept to every digit. */
const rewards = (filter?: SQL) =>
  sql`coalesce(sum(${settlementShares.reward})${filter ? sql` FILTER (WHERE ${filter})` : sql``}, 0)::text`
/** Credited and not yet received shares of a kind. */
const unclaimedKind = (kind: RewardKind) =>
  and(eq(settlementShares.kind, kind), eq(settlementShares.credited, true), isNull(settlementShares.receiptId))

/**
 * A user's rewards in one pass over their shares: unclaimed of each kind (as `unclaimed`), of
 * the last settled day and of all (as `profits`).
 */
function rewardsPart(userId: Param<number>): Part<Record<'computing' | 'token' | 'last' | 'total', bigint>> {
  const sum = (filter?: SQL) => ({ sql: rewards(filter), decode: (value: unknown) => BigInt(value as string) })
  const sums = {
    computing: sum(unclaimedKind('computing')),
    token: sum(unclaimedKind('token')),
    last: sum(sql`${settlementShares.day} = ${settlementParts.lastDoneDay()}`),
    total: sum(),
  }
  return scalar(
    sql`SELECT ${jsonObject(sums)} FROM ${settlementShares} WHERE ${eq(settlementShares.userId, userId)}`,
    (value) => decodeObject(sums, value) as Record<keyof typeof sums, bigint>,
  )
}

/** What Discover shows of a record (a cool-down or a movement). */
const shownColumns = {
  id: discoverRecords.id,
  kind: discoverRecords.kind,
  amount: discoverRecords.amount,
  releaseAt: discoverRecords.releaseAt,
  createdAt: discoverRecords.createdAt,
}

/**
 * What decides whether a kept Discover page still holds: the user's Discover version (moved on
 * when a change of their pledge, records, shares or ledger accounts commits) and the
 * settlement's (its runs); 0 before any change (`read_versions`, `shared_versions`).
 */
const versionParts = (user: Param<number>) => ({
  mine: scalar(
    sql`SELECT ${readVersions.discover} FROM ${readVersions} WHERE ${eq(readVersions.userId, user)}`,
    (value) => Number(value ?? 0),
  ),
  settlement: scalar(
    sql`SELECT ${sharedVersions.version} FROM ${sharedVersions} WHERE ${eq(sharedVersions.name, 'settlement')}`,
    (value) => Number(value ?? 0),
  ),
})

/**
 * Discover's page in one statement, built once and sent by name (`platform/db/named.ts`): the
 * pledge, the cool-downs, the balances (of `owner`, the user's ledger account), the user's
 * rewards, the settlement's stage and last run, and the latest records — the columns Discover
 * shows of each. The same answers as the methods of the same names. Everyone's power is not in
 * it: it grows with the users (docs/adr/2026-11-25-network-power-figure.md). With the versions it
 * was read at, so a first read is one statement.
 */
const pageRead = preparedParts('discover.page', (v: Placeholders<{ user: number; owner: string; today: string }>) => {
  const mine = eq(discoverRecords.userId, v.user)
  return {
    staked: amount(sql`SELECT ${pledges.staked}::text FROM ${pledges} WHERE ${eq(pledges.userId, v.user)}`),
    cooling: jsonRows(
      shownColumns,
      sql`FROM ${discoverRecords} WHERE ${and(mine, eq(discoverRecords.kind, 'unstake'), isNull(discoverRecords.releasedAt))}`,
      sql`${discoverRecords.releaseAt}, ${discoverRecords.id}`,
    ),
    balances: ledgerParts.balances(v.owner, ['power', 'knt']),
    rewards: rewardsPart(v.user),
    emitted: settlementParts.emittedDays(v.today),
    last: settlementParts.lastRun(),
    records: jsonRows(
      shownColumns,
      sql`FROM ${discoverRecords} WHERE ${mine}`,
      sql`${discoverRecords.id} DESC`,
      RECORDS_SHOWN,
    ),
    ...versionParts(v.user),
  }
})

/** The versions alone: what a kept page is checked with. */
const stampRead = preparedParts('discover.stamp', (v: Placeholders<{ user: number }>) => versionParts(v.user))

/** A page of Discover as `pageRead` returns it. */
export type DiscoverPage = Awaited<ReturnType<typeof pageRead>>

/** Discover's SQL: pledges, the movement records, and a user's settlement shares. */
export function discoverRepo(db: Db) {
  const unclaimedOf = (userId: number, kind: RewardKind) =>
    and(
      eq(settlementShares.userId, userId),
      eq(settlementShares.kind, kind),
      eq(settlementShares.credited, true),
      isNull(settlementShares.receiptId),
    )
  return {
    /** Discover's page of a user on a UTC day (see `pageRead`: the stage counts the settled days before it). */
    page: (userId: number, today: string) => pageRead(db, { user: userId, owner: userAccount(userId), today }),

    /** The versions a kept page of the user was read under (see `stampRead`). */
    stamp: (userId: number) => stampRead(db, { user: userId }),

    /** Inserts a record unless its request id is taken (undefined then: read the original). */
    async insertRecord(values: NewRecord): Promise<RecordRow | undefined> {
      const [row] = await db.insert(discoverRecords).values(values).onConflictDoNothing().returning()
      return row
    },

    async recordByRequest(userId: number, requestId: string): Promise<RecordRow | undefined> {
      const [row] = await db
        .select()
        .from(discoverRecords)
        .where(and(eq(discoverRecords.userId, userId), eq(discoverRecords.requestId, requestId)))
      return row
    },

    async staked(userId: number): Promise<bigint> {
      const [row] = await db.select({ staked: pledges.staked }).from(pledges).where(eq(pledges.userId, userId))
      return BigInt(row?.staked ?? '0')
    },

    async addStake(userId: number, amount: bigint): Promise<void> {
      await db
        .insert(pledges)
        .values({ userId, staked: amount.toString() })
        .onConflictDoUpdate({
          target: pledges.userId,
          set: { staked: sql`${pledges.staked} + ${amount.toString()}::numeric`, updatedAt: new Date() },
        })
    },

    /** Takes `amount` off the pledge if it holds that much; false when it does not. */
    async takeStake(userId: number, amount: bigint): Promise<boolean> {
      const rows = await db
        .update(pledges)
        .set({ staked: sql`${pledges.staked} - ${amount.toString()}::numeric`, updatedAt: new Date() })
        .where(and(eq(pledges.userId, userId), gte(pledges.staked, amount.toString())))
        .returning({ userId: pledges.userId })
      return rows.length === 1
    },

    /** Unpledged KNT still cooling down, soonest first. */
    async cooling(userId: number): Promise<RecordRow[]> {
      return db
        .select()
        .from(discoverRecords)
        .where(
          and(
            eq(discoverRecords.userId, userId),
            eq(discoverRecords.kind, 'unstake'),
            isNull(discoverRecords.releasedAt),
          ),
        )
        .orderBy(discoverRecords.releaseAt, discoverRecords.id)
    },

    /** Cool-downs that are due (of one user, or anyone's), oldest first. */
    async due(userId: number | undefined, limit: number): Promise<RecordRow[]> {
      return db
        .select()
        .from(discoverRecords)
        .where(
          and(
            eq(discoverRecords.kind, 'unstake'),
            isNull(discoverRecords.releasedAt),
            lte(discoverRecords.releaseAt, new Date()),
            userId === undefined ? undefined : eq(discoverRecords.userId, userId),
          ),
        )
        .orderBy(discoverRecords.releaseAt, discoverRecords.id)
        .limit(limit)
    },

    /** Marks a cool-down released; false when another request already did. */
    async markReleased(id: number): Promise<boolean> {
      const rows = await db
        .update(discoverRecords)
        .set({ releasedAt: new Date() })
        .where(and(eq(discoverRecords.id, id), isNull(discoverRecords.releasedAt)))
        .returning({ id: discoverRecords.id })
      return rows.length === 1
    },

    /** Claims every credited, unreceived share of a kind for a receipt (row locks: a share is claimed once). */
    async claimShares(userId: number, kind: RewardKind, receiptId: number): Promise<bigint[]> {
      const rows = await db
        .update(settlementShares)
        .set({ receiptId })
        .where(and(unclaimedOf(userId, kind), sql`${settlementShares.reward} > 0`))
        .returning({ reward: settlementShares.reward })
      return rows.map((r) => BigInt(r.reward))
    },

    async setReceipt(id: number, amount: bigint, days: number): Promise<void> {
      await db.update(discoverRecords).set({ amount: amount.toString(), days }).where(eq(discoverRecords.id, id))
    },

    async unclaimed(userId: number, kind: RewardKind): Promise<bigint> {
      const [row] = await db
        .select({ total: sumText(settlementShares.reward) })
        .from(settlementShares)
        .where(unclaimedOf(userId, kind))
      return BigInt(row?.total ?? '0')
    },

    /** My rewards of one settled day (both kinds) and of all of them. */
    async profits(userId: number, day: string | undefined): Promise<{ last: bigint; total: bigint }> {
      const [row] = await db
        .select({
          total: sumText(settlementShares.reward),
          last: sql<string>`coalesce(sum(${settlementShares.reward}) FILTER (WHERE ${settlementShares.day} = ${day ?? null}::date), 0)::text`,
        })
        .from(settlementShares)
        .where(eq(settlementShares.userId, userId))
      return { last: BigInt(row?.last ?? '0'), total: BigInt(row?.total ?? '0') }
    },

    /** Everyone's effective power and the KNT pledged in active nodes now. */
    networkTotals: (activateMin: bigint, boostPct: number) => networkTotals(db, activateMin, boostPct),

    async records(userId: number, kinds: string[] | undefined, page: number, limit: number) {
      const where = and(eq(discoverRecords.userId, userId), kinds ? inArray(discoverRecords.kind, kinds) : undefined)
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(discoverRecords)
          .where(where)
          .orderBy(desc(discoverRecords.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(discoverRecords).where(where),
      ])
      return { rows, total: total?.n ?? 0 }
    },

    async shares(userId: number, kind: RewardKind, page: number, limit: number) {
      const where = and(eq(settlementShares.userId, userId), eq(settlementShares.kind, kind))
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(settlementShares)
          .where(where)
          .orderBy(desc(settlementShares.day))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(settlementShares).where(where),
      ])
      return { rows, total: total?.n ?? 0 }
    },
  }
}
