import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  isNotNull,
  isNull,
  ne,
  notInArray,
  or,
  sql,
  type Column,
  type SQL,
} from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import { chainApprovals, chainTransfers } from '../../chain/chain.tables.ts'
import type { Db } from '../../platform/db/client.ts'
import { decodeObject } from '../../platform/db/json-rows.ts'
import { prepared, type Param, type Placeholders } from '../../platform/db/named.ts'
import { readVersions } from '../../platform/db/read-versions.tables.ts'
import { users } from '../../platform/db/users.tables.ts'
import { addressBook, coins, walletChallenges, walletCoins, wallets } from './wallet.tables.ts'

export type WalletRow = typeof wallets.$inferSelect
/** What a wallet's answer shows (publicWallet): everything but the vault and the deletion. */
export type ShownWallet = Omit<WalletRow, 'vault' | 'deletedAt' | 'userId'>
export type CoinRow = typeof coins.$inferSelect
export type AddressRow = typeof addressBook.$inferSelect
export type TransferRow = typeof chainTransfers.$inferSelect
export type HistoryType = 'all' | 'income' | 'outgo'

/** Postgres unique_violation (drizzle wraps the driver's error in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code, cause } = error as { code?: unknown; cause?: unknown }
  return code === '23505' || isUniqueViolation(cause)
}

/** `%text%` for ILIKE with the wildcards in `text` taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

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

const t = chainTransfers

export interface HistoryQuery {
  chainId: number
  /** Lower-case wallet address. */
  address: string
  type: HistoryType
  /** One coin: null for the native coin, a lower-case contract for a token; undefined for all. */
  token?: string | null | undefined
  /** Lower-case contracts of the wallet's tokens: zero-value transfers of any other token are spam. */
  walletTokens: string[]
  /** The listed tokens' dust limits: look-alike dust is hidden unless `suspicious` asks for it. */
  dust: DustLimit[]
  /** Show suspicious transfers (marked) instead of hiding them. */
  suspicious: boolean
  page: number
  limit: number
}

/** A listed token (lower-case contract) and the amount in base units below which a transfer of it is dust. */
export interface DustLimit {
  contract: string
  below: bigint
}

/** Hex characters after 0x at each end that make two addresses look alike (as wallet-core's `lookAlike`). */
const LOOK_ALIKE_CHARS = 4

/** Whether the transfer `row` (an alias of chain_transfers) moves dust of a listed token. */
function dustOf(row: SQL, dust: DustLimit[]): SQL {
  if (dust.length === 0) return sql`false`
  return sql`(${sql.join(
    dust.map((d) => sql`(${row}.token = ${d.contract} AND ${row}.amount < ${d.below.toString()}::numeric)`),
    sql` OR `,
  )})`
}

/** The other party of the transfer `row` from the point of view of `address`. */
const partyOf = (row: SQL, address: string) =>
  sql`(CASE WHEN ${row}.from_address = ${address} THEN ${row}.to_address ELSE ${row}.from_address END)`

/**
 * Address poisoning (ADR look-alike-dust): dust of a listed token whose other party is not one
 * the wallet has moved real value with, but looks like one of them (same first and last
 * LOOK_ALIKE_CHARS hex characters). Known parties: those of the wallet's transfers of any
 * non-zero value that is not dust.
 */
function suspicious(address: string, chainId: number, dust: DustLimit[]): SQL {
  const me = sql.raw('chain_transfers')
  const party = partyOf(me, address)
  const k = sql.raw('k')
  const known = sql`SELECT ${partyOf(k, address)} AS party FROM chain_transfers k
    WHERE k.chain_id = ${chainId} AND (k.from_address = ${address} OR k.to_address = ${address})
      AND k.amount > 0 AND NOT ${dustOf(k, dust)}`
  const n = LOOK_ALIKE_CHARS + 2
  return sql`(${dustOf(me, dust)} AND ${party} <> ${address}
    AND NOT EXISTS (SELECT 1 FROM (${known}) kn WHERE kn.party = ${party})
    AND EXISTS (SELECT 1 FROM (${known}) kn WHERE kn.party <> ${address}
      AND left(kn.party, ${n}) = left(${party}, ${n}) AND right(kn.party, ${LOOK_ALIKE_CHARS}) = right(${party}, ${LOOK_ALIKE_CHARS})))`
}

/**
 * What a history shows: not zero-value transfers of tokens outside the wallet's list (spam),
 * nor the zero native value of a transaction that moved a token (the token row tells it).
 */
function visible(walletTokens: string[]): SQL {
  const tokenMoves = sql`EXISTS (SELECT 1 FROM ${t} x WHERE x.chain_id = ${t.chainId} AND x.hash = ${t.hash} AND x.token IS NOT NULL)`
  return sql`NOT (${t.amount} = 0 AND (${and(isNotNull(t.token), notInArray(t.token, walletTokens))} OR (${isNull(t.token)} AND ${tokenMoves})))`
}

/**
 * A swap is one entry: the leg it received is left out where the same transaction also sent
 * a different coin from the address (amount above 0); the service attaches both legs.
 */
function notSwapIncome(address: string): SQL {
  return sql`NOT (${t.toAddress} = ${address} AND ${t.fromAddress} <> ${address} AND ${t.amount} > 0 AND EXISTS (
    SELECT 1 FROM ${t} x WHERE x.chain_id = ${t.chainId} AND x.hash = ${t.hash} AND x.from_address = ${address}
      AND x.amount > 0 AND x.token IS DISTINCT FROM ${t.token}))`
}

function historyWhere(q: HistoryQuery): SQL | undefined {
  const party =
    q.type === 'income'
      ? eq(t.toAddress, q.address)
      : q.type === 'outgo'
        ? eq(t.fromAddress, q.address)
        : or(eq(t.fromAddress, q.address), eq(t.toAddress, q.address))
  const coin = q.token === undefined ? undefined : q.token === null ? isNull(t.token) : eq(t.token, q.token)
  const trusted = q.suspicious ? undefined : sql`NOT ${suspicious(q.address, q.chainId, q.dust)}`
  const oneEntryPerSwap = q.type === 'all' && q.token === undefined ? notSwapIncome(q.address) : undefined
  return and(eq(t.chainId, q.chainId), party, coin, visible(q.walletTokens), trusted, oneEntryPerSwap)
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

/**
 * Who sent each of these transactions (lower-case hash → lower-case sender), read from their
 * native rows; a hash with no native row recorded is absent.
 */
export async function transactionSenders(db: Db, chainId: number, hashes: string[]): Promise<Map<string, string>> {
  if (hashes.length === 0) return new Map()
  const rows = await db
    .select({ hash: chainTransfers.hash, from: chainTransfers.fromAddress })
    .from(chainTransfers)
    .where(
      and(eq(chainTransfers.chainId, chainId), inArray(chainTransfers.hash, hashes), eq(chainTransfers.logIndex, -1)),
    )
  return new Map(rows.map((r) => [r.hash, r.from]))
}

/** Token transfers from the user's live wallets to `to` that no block holds yet (just broadcast). */
export async function pendingTokenTransfers(
  db: Db,
  userId: number,
  chainId: number,
  to: string,
  token: string,
): Promise<TransferRow[]> {
  const mine = db.select({ address: lowerAddress }).from(wallets).where(live(userId))
  return db
    .select()
    .from(t)
    .where(
      and(
        eq(t.chainId, chainId),
        eq(t.status, 'pending'),
        eq(t.toAddress, to),
        eq(t.token, token),
        inArray(t.fromAddress, mine),
      ),
    )
    .orderBy(desc(t.id))
    .limit(20)
}

export function walletRepo(db: Db) {
  return {
    /** Serializes wallet changes of one user (create, switch, delete) for the transaction. */
    /** The account's IANA time zone (users.time_zone): a CSV export's times are written in it. */
    async timeZone(userId: number): Promise<string> {
      const [row] = await db.select({ tz: users.timeZone }).from(users).where(eq(users.id, userId))
      return row?.tz ?? 'UTC'
    },

    async lockUser(userId: number): Promise<void> {
      await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
    },

    // wallets

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

    // proofs of control

    async insertChallenge(row: typeof walletChallenges.$inferInsert): Promise<void> {
      await db.insert(walletChallenges).values(row)
    },

    /**
     * Consumes the challenge `nonce` if it is this account's, for this (lower-case) address and
     * purpose, and not expired at `now`: true once, false for any other (a replay, another
     * account's, another address's or purpose's, an expired one).
     */
    async consumeChallenge(q: {
      nonce: string
      userId: number
      address: string
      purpose: string
      now: Date
    }): Promise<boolean> {
      const used = await db
        .delete(walletChallenges)
        .where(
          and(
            eq(walletChallenges.nonce, q.nonce),
            eq(walletChallenges.userId, q.userId),
            eq(walletChallenges.address, q.address.toLowerCase()),
            eq(walletChallenges.purpose, q.purpose),
            sql`${walletChallenges.expiresAt} > ${q.now.toISOString()}`,
          ),
        )
        .returning({ nonce: walletChallenges.nonce })
      return used.length === 1
    },

    /** Drops the account's challenges that expired before `now` (each new challenge tidies up). */
    async dropExpiredChallenges(userId: number, now: Date): Promise<void> {
      await db
        .delete(walletChallenges)
        .where(and(eq(walletChallenges.userId, userId), sql`${walletChallenges.expiresAt} <= ${now.toISOString()}`))
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

    // coins

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

    // address book

    async listEntries(userId: number, keyword: string | undefined, page: number, limit: number) {
      const where = and(
        eq(addressBook.userId, userId),
        keyword
          ? or(
              ilike(addressBook.name, containing(keyword)),
              ilike(addressBook.address, containing(keyword)),
              ilike(addressBook.notes, containing(keyword)),
            )
          : undefined,
      )
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(addressBook)
          .where(where)
          .orderBy(desc(addressBook.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(addressBook).where(where),
      ])
      return { rows, total: total?.n ?? 0 }
    },

    async insertEntry(row: typeof addressBook.$inferInsert): Promise<AddressRow> {
      const [created] = await db.insert(addressBook).values(row).returning()
      if (!created) throw new Error('address book insert returned nothing')
      return created
    },

    async updateEntry(
      userId: number,
      id: number,
      patch: Pick<AddressRow, 'name' | 'address' | 'notes'>,
    ): Promise<AddressRow | undefined> {
      const [row] = await db
        .update(addressBook)
        .set(patch)
        .where(and(eq(addressBook.userId, userId), eq(addressBook.id, id)))
        .returning()
      return row
    },

    async deleteEntry(userId: number, id: number): Promise<boolean> {
      const deleted = await db
        .delete(addressBook)
        .where(and(eq(addressBook.userId, userId), eq(addressBook.id, id)))
        .returning({ id: addressBook.id })
      return deleted.length === 1
    },

    // transfers (chain_transfers: the indexer's rows and the pending ones /v1/transaction records)

    /** Newest first, pending first; each row says whether it is suspicious (look-alike dust). */
    async history(q: HistoryQuery): Promise<{ rows: (TransferRow & { suspicious: boolean })[]; total: number }> {
      const where = historyWhere(q)
      const [rows, [total]] = await Promise.all([
        db
          .select({ ...getTableColumns(t), suspicious: sql<boolean>`${suspicious(q.address, q.chainId, q.dust)}` })
          .from(t)
          .where(where)
          .orderBy(sql`${t.blockNumber} DESC NULLS FIRST`, desc(t.logIndex), desc(t.id))
          .limit(q.limit)
          .offset((q.page - 1) * q.limit),
        db.select({ n: count() }).from(t).where(where),
      ])
      return { rows, total: total?.n ?? 0 }
    },

    /**
     * What `history` shows (look-alike dust left out) on the local days `from` … `to` (both
     * included) in `timeZone`, oldest first: a CSV export.
     */
    historyInDays(
      q: Omit<HistoryQuery, 'page' | 'limit' | 'suspicious'> & { from: string; to: string; timeZone: string },
    ) {
      const day = sql`(coalesce(${t.confirmedAt}, ${t.createdAt}) AT TIME ZONE ${q.timeZone})::date`
      return db
        .select()
        .from(t)
        .where(
          and(
            historyWhere({ ...q, suspicious: false, page: 1, limit: 1 }),
            sql`${day} BETWEEN ${q.from}::date AND ${q.to}::date`,
          ),
        )
        .orderBy(sql`${t.blockNumber} ASC NULLS LAST`, asc(t.logIndex), asc(t.id))
    },

    /** The transfers of these transactions in which one of `addresses` (lower-case) is a party, e.g. a swap's legs. */
    transfersOfHashes(chainId: number, hashes: string[], addresses: string[]): Promise<TransferRow[]> {
      if (hashes.length === 0 || addresses.length === 0) return Promise.resolve([])
      return db
        .select()
        .from(t)
        .where(
          and(
            eq(t.chainId, chainId),
            inArray(t.hash, hashes),
            or(inArray(t.fromAddress, addresses), inArray(t.toAddress, addresses)),
          ),
        )
        .orderBy(asc(t.logIndex))
    },

    async transferExists(chainId: number, hash: string): Promise<boolean> {
      const [row] = await db
        .select({ id: t.id })
        .from(t)
        .where(and(eq(t.chainId, chainId), eq(t.hash, hash)))
        .limit(1)
      return row !== undefined
    },

    /** Distinct token/spender pairs of the owner's Approval logs (lower-case), most recently approved first. */
    async approvalPairs(chainId: number, owner: string, limit = 200): Promise<{ token: string; spender: string }[]> {
      const a = chainApprovals
      return db
        .select({ token: a.token, spender: a.spender })
        .from(a)
        .where(and(eq(a.chainId, chainId), eq(a.owner, owner)))
        .groupBy(a.token, a.spender)
        .orderBy(sql`max(${a.id}) DESC`)
        .limit(limit)
    },

    /** Distinct recipients of the address's outgoing transfers (look-alike dust left out), most recent first. */
    async recipients(
      chainId: number,
      address: string,
      walletTokens: string[],
      dust: DustLimit[],
      limit = 100,
    ): Promise<string[]> {
      const rows = await db
        .select({ to: t.toAddress, last: sql<number>`max(${t.id})` })
        .from(t)
        .where(
          and(
            eq(t.chainId, chainId),
            eq(t.fromAddress, address),
            ne(t.toAddress, address),
            visible(walletTokens),
            // a poisoner's zero-value transferFrom "to" a look-alike is no recipient of ours
            sql`NOT ${suspicious(address, chainId, dust)}`,
          ),
        )
        .groupBy(t.toAddress)
        .orderBy(sql`max(${t.id}) DESC`)
        .limit(limit)
      return rows.map((r) => r.to)
    },
  }
}
export type WalletRepo = ReturnType<typeof walletRepo>
