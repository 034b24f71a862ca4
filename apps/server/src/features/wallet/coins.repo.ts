import { and, asc, eq, ilike, inArray, isNotNull, isNull, notInArray, or, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { containing } from './containing.ts'
import { coins, walletCoins } from './wallet.tables.ts'

// The coins a chain lists or users added (`coins`) and the ones each wallet shows (`wallet_coins`).

export type CoinRow = typeof coins.$inferSelect

/**
 * What the balance book reads each block: every live wallet's address (lower-case) with each
 * coin it shows and each listed coin of `chainId` (what /v1/all_balances offers), contract
 * lower-case or null for the native coin; one row per distinct pair.
 */
export async function watchedHoldings(
  db: Db,
  chainId: number,
): Promise<{ address: string; contract: string | null }[]> {
  const rows = await db.execute<{ address: string; contract: string | null }>(sql`
    SELECT lower(w.address) AS address, c.contract
      FROM wallets w
      JOIN wallet_coins wc ON wc.wallet_id = w.id
      JOIN coins c ON c.id = wc.coin_id AND c.chain_id = ${chainId}
     WHERE w.deleted_at IS NULL
    UNION
    SELECT lower(w.address), c.contract
      FROM wallets w
      JOIN coins c ON c.chain_id = ${chainId} AND c.listed
     WHERE w.deleted_at IS NULL`)
  return rows.rows
}

export function coinsRepo(db: Db) {
  return {
    /** Inserts or refreshes a coin the app lists (seeding at start; idempotent). */
    async upsertListedCoin(row: Omit<typeof coins.$inferInsert, 'listed'>): Promise<void> {
      await db
        .insert(coins)
        .values({ ...row, listed: true })
        .onConflictDoUpdate({
          target: [coins.chainId, coins.contract],
          set: { symbol: row.symbol, name: row.name, decimals: row.decimals, logo: row.logo ?? '', listed: true },
        })
    },

    /** Tokens of the chain no longer in its list stop being offered (wallets that show them keep them). */
    async unlistOthers(chainId: number, contracts: string[]): Promise<void> {
      await db
        .update(coins)
        .set({ listed: false })
        .where(
          and(
            eq(coins.chainId, chainId),
            eq(coins.listed, true),
            isNotNull(coins.contract),
            notInArray(coins.contract, contracts),
          ),
        )
    },

    /** A token a user added by contract; the existing row when it is known already. */
    async insertCoin(row: typeof coins.$inferInsert): Promise<CoinRow> {
      await db.insert(coins).values(row).onConflictDoNothing()
      const [found] = await db
        .select()
        .from(coins)
        .where(and(eq(coins.chainId, row.chainId), eq(coins.contract, row.contract ?? '')))
      if (!found) throw new Error('coin insert returned nothing')
      return found
    },

    async coinById(chainId: number, id: number): Promise<CoinRow | undefined> {
      const [row] = await db
        .select()
        .from(coins)
        .where(and(eq(coins.chainId, chainId), eq(coins.id, id)))
      return row
    },

    coinsByIds(ids: number[]): Promise<CoinRow[]> {
      if (ids.length === 0) return Promise.resolve([])
      return db.select().from(coins).where(inArray(coins.id, ids))
    },

    /** Coins by lower-case contract; null is the native coin. */
    async coinByContract(chainId: number, contract: string | null): Promise<CoinRow | undefined> {
      const [row] = await db
        .select()
        .from(coins)
        .where(
          and(eq(coins.chainId, chainId), contract === null ? isNull(coins.contract) : eq(coins.contract, contract)),
        )
      return row
    },

    coinsByContracts(chainId: number, contracts: string[]): Promise<CoinRow[]> {
      if (contracts.length === 0) return Promise.resolve([])
      return db
        .select()
        .from(coins)
        .where(and(eq(coins.chainId, chainId), inArray(coins.contract, contracts)))
    },

    /** Listed coins (native first), optionally those whose symbol, name or contract contain `keyword`. */
    listedCoins(chainId: number, keyword?: string): Promise<CoinRow[]> {
      const search = keyword
        ? or(
            ilike(coins.symbol, containing(keyword)),
            ilike(coins.name, containing(keyword)),
            ilike(coins.contract, containing(keyword)),
          )
        : undefined
      return db
        .select()
        .from(coins)
        .where(and(eq(coins.chainId, chainId), eq(coins.listed, true), search))
        .orderBy(sql`${coins.contract} IS NOT NULL`, asc(coins.id))
    },

    /** The wallet's coins, native first, then in the order they were added. */
    async walletCoins(walletId: number): Promise<CoinRow[]> {
      const rows = await db
        .select({ coin: coins })
        .from(walletCoins)
        .innerJoin(coins, eq(coins.id, walletCoins.coinId))
        .where(eq(walletCoins.walletId, walletId))
        .orderBy(sql`${coins.contract} IS NOT NULL`, asc(walletCoins.createdAt), asc(coins.id))
      return rows.map((r) => r.coin)
    },

    async walletCoin(walletId: number, coinId: number): Promise<CoinRow | undefined> {
      const [row] = await db
        .select({ coin: coins })
        .from(walletCoins)
        .innerJoin(coins, eq(coins.id, walletCoins.coinId))
        .where(and(eq(walletCoins.walletId, walletId), eq(walletCoins.coinId, coinId)))
      return row?.coin
    },

    async addWalletCoins(walletId: number, coinIds: number[]): Promise<void> {
      if (coinIds.length === 0) return
      await db
        .insert(walletCoins)
        .values(coinIds.map((coinId) => ({ walletId, coinId })))
        .onConflictDoNothing()
    },

    async removeWalletCoin(walletId: number, coinId: number): Promise<void> {
      await db.delete(walletCoins).where(and(eq(walletCoins.walletId, walletId), eq(walletCoins.coinId, coinId)))
    },
  }
}
