import { and, count, desc, eq, inArray, isNotNull, isNull, sql, type Column, type SQL } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import type { Db } from '../../platform/db/client.ts'
import { decodeObject } from '../../platform/db/json-rows.ts'
import { prepared, type Param, type Placeholders } from '../../platform/db/named.ts'
import { readVersions } from '../../platform/db/read-versions.tables.ts'
import { users } from '../../platform/db/users.tables.ts'
import { walletCoins, wallets } from './wallet.tables.ts'

// A user's wallets (the `wallets` table), their read version and the user row their changes lock.

export type WalletRow = typeof wallets.$inferSelect
/** What a wallet's answer shows (publicWallet): everything but the vault and the deletion. */
export type ShownWallet = Omit<WalletRow, 'vault' | 'deletedAt' | 'userId'>

/** Postgres unique_violation (drizzle wraps the driver's error in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code, cause } = error as { code?: unknown; cause?: unknown }
  return code === '23505' || isUniqueViolation(cause)
}

const live = (userId: Param<number>) => and(eq(wallets.userId, userId), isNull(wallets.deletedAt))
const lowerAddress = sql`lower(${wallets.address})`

/**
 * How many backed-up wallets a user keeps, as a subquery other features embed in their own
 * reads (earning's home counts it with the watches in one round trip). Exported through index.ts.
 */
export function backedUpWalletCount(userId: Param<number>) {
  return new QueryBuilder()
    .select({ n: count() })
    .from(wallets)
    .where(and(live(userId), eq(wallets.backedUp, true)))
}
/**
 * `EXISTS (…)`: whether account `userId` holds a live wallet at (lower-case) `address` that it
 * proved, for other features' reads (earning's listing of credits made before proofs).
 */
export function provenByAccount(userId: SQL | Column, address: SQL | Column): SQL {
  return sql`EXISTS (SELECT 1 FROM ${wallets} WHERE ${wallets.userId} = ${userId} AND ${lowerAddress} = ${address}
    AND ${wallets.deletedAt} IS NULL AND ${wallets.provenAt} IS NOT NULL)`
}

/** The lower-case addresses of the user's live wallets, as a subquery (`IN (…)`) for other repos' reads. */
export function liveAddressesOf(userId: number) {
  return new QueryBuilder().select({ address: lowerAddress }).from(wallets).where(live(userId))
}

/** The columns of {@link ShownWallet}: a hot read leaves the vault (the largest column) unread. */
const shownWallet = {
  id: wallets.id,
  name: wallets.name,
  address: wallets.address,
  kind: wallets.kind,
  hint: wallets.hint,
  backedUp: wallets.backedUp,
  current: wallets.current,
  provenAt: wallets.provenAt,
  createdAt: wallets.createdAt,
}

/** A wallet's answer and the ids of the coins it shows, as a hot read returns them. */
export interface WalletWithCoins {
  wallet: ShownWallet | undefined
  /** In the order they were added (the service puts the native coin first). */
  coinIds: number[]
}

/**
 * The shown columns of the live wallet `where` picks (at most one) with the ids of its coins in
 * the order they were added: one row, or none. The coin rows come from the service's copy
 * (a coin does not change once written but by a start's seeding).
 */
function walletWithCoinIds(where: SQL | undefined) {
  const columns = Object.entries(shownWallet).map(([key, column]) => sql`${column} AS ${sql.identifier(key)}`)
  return {
    sql: sql`SELECT ${sql.join(columns, sql`, `)},
        (SELECT coalesce(json_agg(${walletCoins.coinId} ORDER BY ${walletCoins.createdAt}, ${walletCoins.coinId}), '[]'::json)
           FROM ${walletCoins} WHERE ${walletCoins.walletId} = ${wallets.id}) AS coin_ids
        FROM ${wallets} WHERE ${where}`,
    decode(rows: Record<string, unknown>[]): WalletWithCoins {
      const [row] = rows
      if (!row) return { wallet: undefined, coinIds: [] }
      return { wallet: decodeObject(shownWallet, row), coinIds: (row.coin_ids as (number | string)[]).map(Number) }
    },
  }
}

/** The wallet home's read, in one prepared statement: the user's current live wallet and its coins' ids. */
const currentWalletRead = prepared('wallet.current', (v: Placeholders<{ user: number }>) =>
  walletWithCoinIds(and(live(v.user), eq(wallets.current, true))),
)

/**
 * The user's wallet version: moved on by the database when a transaction that changed one of
 * their wallets or its coins commits (`read_versions`); 0 before any change.
 */
const walletVersionRead = prepared('wallet.version', (v: Placeholders<{ user: number }>) => ({
  sql: sql`SELECT ${readVersions.wallet} AS version FROM ${readVersions} WHERE ${eq(readVersions.userId, v.user)}`,
  decode: (rows) => Number(rows[0]?.version ?? 0),
}))

/** One of the user's live wallets by id (none when it is not theirs, deleted or missing) and its coins' ids. */
const ownWalletRead = prepared('wallet.own', (v: Placeholders<{ user: number; wallet: number }>) =>
  walletWithCoinIds(and(live(v.user), eq(wallets.id, v.wallet))),
)

/**
 * Addresses the indexer follows: every wallet some user keeps (lower-cased). Before that table exists nothing is tracked.
 */
export async function trackedAddresses(db: Db): Promise<string[]> {
  const found = await db.execute<{ present: boolean }>(sql`SELECT to_regclass('wallets') IS NOT NULL AS present`)
  if (!found.rows[0]?.present) return []
  const rows = await db.execute<{ address: string }>(
    sql`SELECT DISTINCT lower(address) AS address FROM wallets WHERE deleted_at IS NULL`,
  )
  return rows.rows.map((r) => r.address)
}

/**
 * The accounts whose live wallets hold each of `addresses` (lower-case in and out); an address
 * no live wallet holds is absent. With `provenOnly`, only wallets whose account proved control
 * count: deposits credit only an address proved by exactly one account.
 */
export async function addressOwners(
  db: Db,
  addresses: string[],
  { provenOnly = false } = {},
): Promise<Map<string, number[]>> {
  const owners = new Map<string, number[]>()
  if (addresses.length === 0) return owners
  const rows = await db
    .selectDistinct({ address: lowerAddress, userId: wallets.userId })
    .from(wallets)
    .where(
      and(
        isNull(wallets.deletedAt),
        inArray(lowerAddress, addresses),
        provenOnly ? isNotNull(wallets.provenAt) : undefined,
      ),
    )
    .orderBy(wallets.userId)
  for (const row of rows) owners.set(row.address as string, [...(owners.get(row.address as string) ?? []), row.userId])
  return owners
}

export function walletsRepo(db: Db) {
  return {
    /** The account's IANA time zone (users.time_zone): a CSV export's times are written in it. */
    async timeZone(userId: number): Promise<string> {
      const [row] = await db.select({ tz: users.timeZone }).from(users).where(eq(users.id, userId))
      return row?.tz ?? 'UTC'
    },

    /** Serializes wallet changes of one user (create, switch, delete) for the transaction. */
    async lockUser(userId: number): Promise<void> {
      await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
    },

    /** Current first, then newest. */
    listWallets(userId: number): Promise<WalletRow[]> {
      return db
        .select()
        .from(wallets)
        .where(live(userId))
        .orderBy(desc(wallets.current), desc(wallets.createdAt), desc(wallets.id))
    },

    async findWallet(userId: number, id: number): Promise<WalletRow | undefined> {
      const [row] = await db
        .select()
        .from(wallets)
        .where(and(live(userId), eq(wallets.id, id)))
      return row
    },

    async findWalletByAddress(userId: number, address: string): Promise<WalletRow | undefined> {
      const [row] = await db
        .select()
        .from(wallets)
        .where(and(live(userId), eq(lowerAddress, address.toLowerCase())))
      return row
    },

    /** The user's wallet version (see `walletVersionRead`). */
    walletVersion: (userId: number): Promise<number> => walletVersionRead(db, { user: userId }),

    /** The current wallet (undefined when none) and its coins' ids, in one round trip (the wallet home). */
    currentWithCoins: (userId: number): Promise<WalletWithCoins> => currentWalletRead(db, { user: userId }),

    /** One of the user's wallets (undefined when it is not theirs) and its coins' ids, in one round trip. */
    ownWithCoins: (userId: number, walletId: number): Promise<WalletWithCoins> =>
      ownWalletRead(db, { user: userId, wallet: walletId }),

    async currentWallet(userId: number): Promise<WalletRow | undefined> {
      const [row] = await db
        .select()
        .from(wallets)
        .where(and(live(userId), eq(wallets.current, true)))
      return row
    },

    /** Lower-case addresses of the user's wallets. */
    async userAddresses(userId: number): Promise<string[]> {
      const rows = await db.selectDistinct({ address: lowerAddress }).from(wallets).where(live(userId))
      return rows.map((r) => String(r.address))
    },

    async markProven(id: number, at: Date): Promise<WalletRow> {
      const [row] = await db.update(wallets).set({ provenAt: at }).where(eq(wallets.id, id)).returning()
      if (!row) throw new Error(`wallet ${id} vanished`)
      return row
    },

    async insertWallet(row: typeof wallets.$inferInsert): Promise<WalletRow> {
      const [created] = await db.insert(wallets).values(row).returning()
      if (!created) throw new Error('wallet insert returned nothing')
      return created
    },

    async updateWallet(
      id: number,
      patch: Partial<Pick<WalletRow, 'name' | 'vault' | 'hint' | 'backedUp' | 'current' | 'deletedAt'>>,
    ): Promise<WalletRow> {
      const [row] = await db.update(wallets).set(patch).where(eq(wallets.id, id)).returning()
      if (!row) throw new Error(`wallet ${id} vanished`)
      return row
    },

    async clearCurrent(userId: number): Promise<void> {
      await db
        .update(wallets)
        .set({ current: false })
        .where(and(eq(wallets.userId, userId), eq(wallets.current, true)))
    },

    async newestWallet(userId: number): Promise<WalletRow | undefined> {
      const [row] = await db
        .select()
        .from(wallets)
        .where(live(userId))
        .orderBy(desc(wallets.createdAt), desc(wallets.id))
        .limit(1)
      return row
    },
  }
}
