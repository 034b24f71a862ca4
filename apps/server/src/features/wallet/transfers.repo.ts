import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  ne,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm'
import { chainTransfers } from '../../chain/chain.tables.ts'
import type { Db } from '../../platform/db/client.ts'
import { suspicious, type DustLimit } from './dust.repo.ts'
import { liveAddressesOf } from './wallets.repo.ts'

// A wallet's transfers: the indexer's rows in chain_transfers and the pending ones /v1/transaction records.

export type TransferRow = typeof chainTransfers.$inferSelect
export type HistoryType = 'all' | 'income' | 'outgo'

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
  const mine = liveAddressesOf(userId)
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

export function transfersRepo(db: Db) {
  return {
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
