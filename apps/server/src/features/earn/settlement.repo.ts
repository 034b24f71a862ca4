import { and, asc, count, desc, eq, getTableColumns, gt, lt, lte, max, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { jsonRow, scalar, type Part } from '../../platform/db/json-rows.ts'
import type { Param } from '../../platform/db/named.ts'
import { settlementRuns, settlementShares } from './settlement.tables.ts'

export type RunRow = typeof settlementRuns.$inferSelect
export type RewardKind = 'computing' | 'token'

/**
 * First key of the settlement's advisory lock (the second is always 1): every claim and
 * every credited batch of every day runs under it, one at a time across instances.
 */
export const SETTLEMENT_LOCK = 7_340_601

/** The active-node rule in SQL: a pledge of at least `min` (and more than nothing). */
const active = (staked: unknown, min: bigint) => sql`(${staked} > 0 AND ${staked} >= ${min.toString()}::numeric)`

/** A power balance counted with an active node's boost, floored to power's base units. */
export const effectivePowerSql = (balance: unknown, staked: unknown, min: bigint, boostPct: number) =>
  sql`CASE WHEN ${active(staked, min)} THEN div(${balance} * ${100 + boostPct}, 100) ELSE ${balance} END`

/** Everyone's effective computing power now, as an SQL expression. */
const totalEffectivePowerSql = (activateMin: bigint, boostPct: number) => sql`
  SELECT coalesce(sum(${effectivePowerSql(sql`a.balance`, sql`coalesce(p.staked, 0)`, activateMin, boostPct)}), 0)::text AS total
  FROM ledger_accounts a LEFT JOIN pledges p ON p.user_id = a.user_id
  WHERE a.asset = 'power' AND a.user_id IS NOT NULL AND a.balance > 0`

/** What a settlement now would split the pools by: everyone's effective power and the KNT pledged in active nodes. */
export interface NetworkTotals {
  power: bigint
  staked: bigint
}

/** Everyone's effective power and the KNT pledged in active nodes now, in one statement. */
export async function networkTotals(db: Db, activateMin: bigint, boostPct: number): Promise<NetworkTotals> {
  const result = await db.execute<{ power: string; staked: string }>(sql`
    SELECT (${totalEffectivePowerSql(activateMin, boostPct)}) AS power,
      (SELECT coalesce(sum(p.staked), 0) FROM pledges p WHERE ${active(sql`p.staked`, activateMin)})::text AS staked`)
  const row = result.rows[0]
  return { power: BigInt(row?.power ?? '0'), staked: BigInt(row?.staked ?? '0') }
}

/**
 * What `system:pledges` and `system:unclaimed` must hold (reconciliation): pledges plus
 * cool-downs not yet released, and credited shares not yet received.
 */
export async function custody(db: Db): Promise<{ pledges: bigint; unclaimed: bigint }> {
  const result = await db.execute<{ pledges: string; unclaimed: string }>(sql`
    SELECT
      ((SELECT coalesce(sum(staked), 0) FROM pledges) +
       (SELECT coalesce(sum(amount), 0) FROM discover_records WHERE kind = 'unstake' AND released_at IS NULL))::text
        AS pledges,
      (SELECT coalesce(sum(reward), 0) FROM settlement_shares WHERE credited AND receipt_id IS NULL)::text
        AS unclaimed`)
  const row = result.rows[0]
  return { pledges: BigInt(row?.pledges ?? '0'), unclaimed: BigInt(row?.unclaimed ?? '0') }
}

export function settlementRepo(db: Db) {
  return {
    /** Waits for the settlement lock, held until the transaction ends. */
    async lock(): Promise<void> {
      await db.execute(sql`SELECT pg_advisory_xact_lock(${SETTLEMENT_LOCK}, 1)`)
    },

    async run(day: string): Promise<RunRow | undefined> {
      const [row] = await db.select().from(settlementRuns).where(eq(settlementRuns.day, day))
      return row
    },

    /** The latest settled day up to `day`. */
    async lastDayUpTo(day: string): Promise<string | undefined> {
      const [row] = await db
        .select({ day: max(settlementRuns.day) })
        .from(settlementRuns)
        .where(lte(settlementRuns.day, day))
      return row?.day ?? undefined
    },

    async unfinished(): Promise<string[]> {
      const rows = await db
        .select({ day: settlementRuns.day })
        .from(settlementRuns)
        .where(eq(settlementRuns.status, 'running'))
        .orderBy(asc(settlementRuns.day))
      return rows.map((r) => r.day)
    },

    /** Settled days before `day` (all, when undefined) that issued any KNT: they advance the stage. */
    async emittedDays(before?: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(settlementRuns)
        .where(and(gt(settlementRuns.issued, '0'), before ? lt(settlementRuns.day, before) : undefined))
      return row?.n ?? 0
    },

    async insertRun(values: typeof settlementRuns.$inferInsert): Promise<void> {
      await db.insert(settlementRuns).values(values)
    },

    /**
     * The snapshot, in one statement: every holder's computing basis (power with the node's
     * boost) and every active node's pledged KNT, as they are now.
     */
    async snapshot(day: string, activateMin: bigint, boostPct: number): Promise<void> {
      await db.execute(sql`
        INSERT INTO settlement_shares (day, kind, user_id, basis)
        SELECT ${day}::date, 'computing', a.user_id, ${effectivePowerSql(sql`a.balance`, sql`coalesce(p.staked, 0)`, activateMin, boostPct)}
        FROM ledger_accounts a LEFT JOIN pledges p ON p.user_id = a.user_id
        WHERE a.asset = 'power' AND a.user_id IS NOT NULL AND a.balance > 0
        UNION ALL
        SELECT ${day}::date, 'token', p.user_id, p.staked FROM pledges p WHERE ${active(sql`p.staked`, activateMin)}`)
    },

    async totalBasis(day: string, kind: RewardKind): Promise<bigint> {
      const [row] = await db
        .select({ total: sql<string>`coalesce(sum(${settlementShares.basis}), 0)::text` })
        .from(settlementShares)
        .where(and(eq(settlementShares.day, day), eq(settlementShares.kind, kind)))
      return BigInt(row?.total ?? '0')
    },

    /** Each share of the pool in proportion to its basis, floored to KNT base units (the dust is not issued). */
    async apportion(day: string, kind: RewardKind, pool: bigint, total: bigint): Promise<bigint> {
      await db
        .update(settlementShares)
        .set({
          totalBasis: total.toString(),
          reward: sql`div(${pool.toString()}::numeric * ${settlementShares.basis}, ${total.toString()}::numeric)`,
        })
        .where(and(eq(settlementShares.day, day), eq(settlementShares.kind, kind)))
      const [row] = await db
        .select({ issued: sql<string>`coalesce(sum(${settlementShares.reward}), 0)::text` })
        .from(settlementShares)
        .where(and(eq(settlementShares.day, day), eq(settlementShares.kind, kind)))
      return BigInt(row?.issued ?? '0')
    },

    async setTotals(day: string, totals: { totalPower: bigint; totalStaked: bigint; issued: bigint }): Promise<void> {
      await db
        .update(settlementRuns)
        .set({
          totalPower: totals.totalPower.toString(),
          totalStaked: totals.totalStaked.toString(),
          issued: totals.issued.toString(),
        })
        .where(eq(settlementRuns.day, day))
    },

    /** The next shares to credit, in id order, locked; marked credited. */
    async takeBatch(
      day: string,
      kind: RewardKind,
      size: number,
    ): Promise<{ id: number; userId: number; reward: string }[]> {
      const result = await db.execute<{ id: string; user_id: string; reward: string }>(sql`
        UPDATE settlement_shares SET credited = true
        WHERE id IN (
          SELECT id FROM settlement_shares WHERE day = ${day}::date AND kind = ${kind} AND NOT credited
          ORDER BY id LIMIT ${size} FOR UPDATE)
        RETURNING id::text, user_id::text, reward::text`)
      return result.rows
        .map((r) => ({ id: Number(r.id), userId: Number(r.user_id), reward: r.reward }))
        .sort((a, b) => a.id - b.id)
    },

    async finish(day: string): Promise<void> {
      await db
        .update(settlementRuns)
        .set({ status: 'done', finishedAt: new Date() })
        .where(and(eq(settlementRuns.day, day), eq(settlementRuns.status, 'running')))
    },

    /** Runs, newest day first, with their shares and how many are credited. */
    async page(page: number, limit: number, day?: string) {
      const where = day ? eq(settlementRuns.day, day) : undefined
      const [rows, [total]] = await Promise.all([
        db
          .select({
            run: settlementRuns,
            shares: sql<number>`(SELECT count(*)::int FROM settlement_shares s WHERE s.day = settlement_runs.day)`,
            credited: sql<number>`(SELECT count(*)::int FROM settlement_shares s WHERE s.day = settlement_runs.day AND s.credited)`,
          })
          .from(settlementRuns)
          .where(where)
          .orderBy(desc(settlementRuns.day))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(settlementRuns).where(where),
      ])
      return { rows, total: total?.n ?? 0 }
    },

    /** The latest run that is done. */
    async lastDone(): Promise<RunRow | undefined> {
      const [row] = await db
        .select()
        .from(settlementRuns)
        .where(eq(settlementRuns.status, 'done'))
        .orderBy(desc(settlementRuns.day))
        .limit(1)
      return row
    },
  }
}

/** The settlement's reads as parts of Discover's one statement (`platform/db/json-rows.ts`). */
export const settlementParts = {
  /** As `emittedDays(before)`: settled days before `before` that emitted. */
  emittedDays: (before: Param<string>): Part<number> =>
    scalar(
      sql`SELECT count(*)::int FROM ${settlementRuns} WHERE ${and(gt(settlementRuns.issued, '0'), lt(settlementRuns.day, before))}`,
      (v) => Number(v ?? 0),
    ),
  /** As `lastDone()`: the latest finished run. */
  lastDone: (): Part<RunRow | undefined> =>
    jsonRow(
      getTableColumns(settlementRuns),
      sql`FROM ${settlementRuns} WHERE ${eq(settlementRuns.status, 'done')} ORDER BY ${settlementRuns.day} DESC`,
    ) as Part<RunRow | undefined>,
  /** The latest finished run's day, emission and total power (what Discover shows of it). */
  lastRun: (): Part<Pick<RunRow, 'day' | 'emission' | 'totalPower'> | undefined> =>
    jsonRow(
      { day: settlementRuns.day, emission: settlementRuns.emission, totalPower: settlementRuns.totalPower },
      sql`FROM ${settlementRuns} WHERE ${eq(settlementRuns.status, 'done')} ORDER BY ${settlementRuns.day} DESC`,
    ) as Part<Pick<RunRow, 'day' | 'emission' | 'totalPower'> | undefined>,
  /** The latest finished run's day, as an SQL expression (null before any). */
  lastDoneDay: () =>
    sql`(SELECT ${settlementRuns.day} FROM ${settlementRuns} WHERE ${eq(settlementRuns.status, 'done')} ORDER BY ${settlementRuns.day} DESC LIMIT 1)`,
}
