import { and, asc, count, desc, eq, gt, inArray, lt, or, sql, type Placeholder, type SQL } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import type { Param } from '../../platform/db/named.ts'
import { jsonRows, type Part } from '../../platform/db/json-rows.ts'
import { ledgerAccounts, ledgerEntries, ledgerPostings } from './ledger.tables.ts'

export type AccountRow = typeof ledgerAccounts.$inferSelect
export type PostingRow = typeof ledgerPostings.$inferSelect
export interface NewAccount {
  owner: string
  asset: string
  userId: number | null
  mayGoNegative: boolean
}
export interface HistoryFilter {
  userId: number
  asset?: string | undefined
  direction?: 'in' | 'out' | undefined
  kinds?: string[] | undefined
  page: number
  limit: number
}

function historyWhere(f: HistoryFilter): SQL | undefined {
  return and(
    eq(ledgerAccounts.userId, f.userId),
    f.asset ? eq(ledgerEntries.asset, f.asset) : undefined,
    f.direction === 'in'
      ? gt(ledgerEntries.amount, '0')
      : f.direction === 'out'
        ? lt(ledgerEntries.amount, '0')
        : undefined,
    f.kinds?.length ? inArray(ledgerPostings.kind, f.kinds) : undefined,
  )
}

/** The ledger's SQL: postings, account rows (locked in id order), entries and the checks. */
export function ledgerRepo(db: Db) {
  return {
    /** Inserts the posting unless its key is taken; undefined when it is (the caller reads the original). */
    async insertPosting(key: string, kind: string, memo: Record<string, unknown>): Promise<PostingRow | undefined> {
      const [row] = await db
        .insert(ledgerPostings)
        .values({ idempotencyKey: key, kind, memo })
        .onConflictDoNothing({ target: ledgerPostings.idempotencyKey })
        .returning()
      return row
    },

    async postingByKey(key: string): Promise<PostingRow | undefined> {
      const [row] = await db.select().from(ledgerPostings).where(eq(ledgerPostings.idempotencyKey, key))
      return row
    },

    async ensureAccounts(accounts: NewAccount[]): Promise<void> {
      await db
        .insert(ledgerAccounts)
        .values(accounts)
        .onConflictDoNothing({ target: [ledgerAccounts.owner, ledgerAccounts.asset] })
    },

    /** `SELECT … FOR UPDATE` in id order: two postings lock shared accounts in the same order. */
    async lockAccounts(keys: { owner: string; asset: string }[]): Promise<AccountRow[]> {
      const match = or(...keys.map((k) => and(eq(ledgerAccounts.owner, k.owner), eq(ledgerAccounts.asset, k.asset))))
      return db.select().from(ledgerAccounts).where(match).orderBy(ledgerAccounts.id).for('update')
    },

    async setBalance(accountId: number, balance: bigint): Promise<void> {
      await db.update(ledgerAccounts).set({ balance: balance.toString() }).where(eq(ledgerAccounts.id, accountId))
    },

    async insertEntries(
      entries: { postingId: number; accountId: number; asset: string; amount: bigint; balanceAfter: bigint }[],
    ): Promise<void> {
      await db
        .insert(ledgerEntries)
        .values(entries.map((e) => ({ ...e, amount: e.amount.toString(), balanceAfter: e.balanceAfter.toString() })))
    },

    async balance(owner: string, asset: string): Promise<bigint> {
      const [row] = await db
        .select({ balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.owner, owner), eq(ledgerAccounts.asset, asset)))
      return BigInt(row?.balance ?? '0')
    },

    /** One account owner's balances of several assets in one query (0 where no account exists). */
    async balances<A extends string>(owner: string, assets: readonly A[]): Promise<Record<A, bigint>> {
      const rows = await db
        .select({ asset: ledgerAccounts.asset, balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.owner, owner), inArray(ledgerAccounts.asset, [...assets])))
      const found = new Map(rows.map((r) => [r.asset, BigInt(r.balance)]))
      return Object.fromEntries(assets.map((a) => [a, found.get(a) ?? 0n])) as Record<A, bigint>
    },

    async entriesOfPosting(postingId: number) {
      return db
        .select({ owner: ledgerAccounts.owner, asset: ledgerEntries.asset, amount: ledgerEntries.amount })
        .from(ledgerEntries)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
        .where(eq(ledgerEntries.postingId, postingId))
        .orderBy(ledgerEntries.id)
    },

    /**
     * A user's movements on the local days `from` … `to` (both included) in `timeZone`, oldest
     * first, with the user's time zone (for a CSV export).
     */
    async inDays(userId: number, from: string, to: string, timeZone: string) {
      const day = sql`(${ledgerEntries.createdAt} AT TIME ZONE ${timeZone})::date`
      return db
        .select()
        .from(ledgerEntries)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
        .innerJoin(ledgerPostings, eq(ledgerPostings.id, ledgerEntries.postingId))
        .where(and(eq(ledgerAccounts.userId, userId), sql`${day} BETWEEN ${from}::date AND ${to}::date`))
        .orderBy(asc(ledgerEntries.id))
    },

    /** One page of a user's movements, newest first (no total). */
    recent(f: HistoryFilter) {
      return db
        .select()
        .from(ledgerEntries)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
        .innerJoin(ledgerPostings, eq(ledgerPostings.id, ledgerEntries.postingId))
        .where(historyWhere(f))
        .orderBy(desc(ledgerEntries.id))
        .limit(f.limit)
        .offset((f.page - 1) * f.limit)
    },

    /** A user's movements, newest first, with how many there are in all. */
    async history(f: HistoryFilter) {
      const [rows, [total]] = await Promise.all([
        this.recent(f),
        db
          .select({ n: count() })
          .from(ledgerEntries)
          .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
          .innerJoin(ledgerPostings, eq(ledgerPostings.id, ledgerEntries.postingId))
          .where(historyWhere(f)),
      ])
      return { rows, total: total?.n ?? 0 }
    },

    /** The memo of one of the user's own energy credits (posting kind `energy`) by its entry id. */
    async energyCreditMemo(userId: number, entryId: number): Promise<Record<string, unknown> | undefined> {
      const [row] = await db
        .select({ memo: ledgerPostings.memo })
        .from(ledgerEntries)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
        .innerJoin(ledgerPostings, eq(ledgerPostings.id, ledgerEntries.postingId))
        .where(
          and(
            eq(ledgerEntries.id, entryId),
            eq(ledgerAccounts.userId, userId),
            eq(ledgerEntries.asset, 'energy'),
            eq(ledgerPostings.kind, 'energy'),
          ),
        )
      return row?.memo
    },

    /** Sum of a user's entries of one asset under some posting kinds (e.g. rewards received). */
    async sumByKinds(userId: number, asset: string, kinds: string[]): Promise<bigint> {
      const [row] = await db
        .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
        .from(ledgerEntries)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
        .innerJoin(ledgerPostings, eq(ledgerPostings.id, ledgerEntries.postingId))
        .where(
          and(eq(ledgerAccounts.userId, userId), eq(ledgerEntries.asset, asset), inArray(ledgerPostings.kind, kinds)),
        )
      return BigInt(row?.total ?? '0')
    },

    /** Accounts whose balance is not the sum of their entries. */
    async balanceMismatches() {
      const result = await db.execute<{ owner: string; asset: string; balance: string; entries: string }>(sql`
        SELECT a.owner, a.asset, a.balance::text AS balance, coalesce(sum(e.amount), 0)::text AS entries
        FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
        GROUP BY a.id HAVING a.balance <> coalesce(sum(e.amount), 0)
        ORDER BY a.id`)
      return result.rows
    },

    /** Postings that do not sum to zero per asset, or whose entry asset is not its account's. */
    async unbalancedPostings() {
      const result = await db.execute<{ posting_id: string; asset: string; total: string }>(sql`
        SELECT e.posting_id::text AS posting_id, e.asset, sum(e.amount)::text AS total
        FROM ledger_entries e GROUP BY e.posting_id, e.asset HAVING sum(e.amount) <> 0
        UNION ALL
        SELECT e.posting_id::text, e.asset, 'asset differs from its account' FROM ledger_entries e
        JOIN ledger_accounts a ON a.id = e.account_id WHERE a.asset <> e.asset
        UNION ALL
        SELECT p.id::text, '', 'no entries' FROM ledger_postings p
        WHERE NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.posting_id = p.id)`)
      return result.rows
    },
  }
}

/**
 * The ledger's reads as parts of another statement (`platform/db/json-rows.ts`): the same
 * answers as `ledgerRepo`'s `balances` and `recent`, so Home reads them in its one round trip.
 */
export const ledgerParts = {
  balances: <A extends string>(owner: Param<string>, assets: readonly A[]): Part<Record<A, bigint>> => {
    const part = jsonRows(
      { asset: ledgerAccounts.asset, balance: ledgerAccounts.balance },
      sql`FROM ${ledgerAccounts} WHERE ${and(eq(ledgerAccounts.owner, owner), inArray(ledgerAccounts.asset, [...assets]))}`,
    )
    return {
      sql: part.sql,
      decode: (value) => {
        const found = new Map(part.decode(value).map((r) => [r.asset, BigInt(r.balance)]))
        return Object.fromEntries(assets.map((a) => [a, found.get(a) ?? 0n])) as Record<A, bigint>
      },
    }
  },

  /** A user's latest movements (as `recent`'s rows: the entry and its posting's kind). */
  recent: (userId: Param<number>, limit: number) =>
    jsonRows(
      {
        id: ledgerEntries.id,
        asset: ledgerEntries.asset,
        amount: ledgerEntries.amount,
        createdAt: ledgerEntries.createdAt,
        kind: ledgerPostings.kind,
      },
      sql`FROM ${ledgerEntries}
          JOIN ${ledgerAccounts} ON ${eq(ledgerAccounts.id, ledgerEntries.accountId)}
          JOIN ${ledgerPostings} ON ${eq(ledgerPostings.id, ledgerEntries.postingId)}
          WHERE ${eq(ledgerAccounts.userId, userId)}`,
      sql`${ledgerEntries.id} DESC`,
      limit,
    ),

  /** Which of these posting keys (an array value) exist. */
  posted: (keys: Placeholder<string, string[]>): Part<Set<string>> => {
    const part = jsonRows(
      { key: ledgerPostings.idempotencyKey },
      sql`FROM ${ledgerPostings} WHERE ${ledgerPostings.idempotencyKey} = ANY(${keys})`,
    )
    return { sql: part.sql, decode: (value) => new Set(part.decode(value).map((r) => r.key)) }
  },
}
