import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, ne, sql } from 'drizzle-orm'
import type { Address, Hash, Hex } from 'viem'
import type { Db } from '../platform/db/client.ts'
import { chainApprovals, chainBlocks, chainCursor, chainTransfers } from './chain.tables.ts'

export type TransferRow = typeof chainTransfers.$inferInsert
export type ApprovalRow = typeof chainApprovals.$inferInsert

/** Work another part of the app does inside the indexer's own transaction (deposits, ADR 2026-11-24). */
export type Within<T> = (tx: Db, what: T) => Promise<void>

/** A block the indexer has seen: its number and hash. */
export interface BlockRef {
  number: number
  hash: string
}

/** Block hashes kept behind the cursor to find a fork point; BSC finalizes within a few blocks. */
export const KEPT_BLOCKS = 256

/** Rows per INSERT (17 columns each stays far below Postgres' 65,535 parameters). */
const INSERT_CHUNK = 500

/** A transaction the app has just broadcast, before any block holds it. */
export interface PendingTransfer {
  chainId: number
  hash: Hash
  from: Address
  /** Who receives the value: the coin's recipient, or the token recipient of a BEP20 transfer. */
  to: Address
  /** The token contract of a BEP20 transfer; null for BNB. */
  token: Address | null
  /** Base units moved (wei, or token units). */
  amount: bigint
  gasPrice: bigint | null
  nonce: number
  /** Input data of a native transfer ('' for none and for token transfers). */
  data: Hex | ''
}

/**
 * Records a just-broadcast transaction as one `pending` row (log_index -1, also for a token
 * transfer). When its block is confirmed the indexer turns that row into the transaction's
 * real rows (see indexerRepo.commit). Recording twice, or after the indexer got there
 * first, changes nothing.
 */
export async function recordPending(db: Db, row: PendingTransfer): Promise<void> {
  await db
    .insert(chainTransfers)
    .values({
      chainId: row.chainId,
      hash: row.hash.toLowerCase(),
      logIndex: -1,
      fromAddress: row.from.toLowerCase(),
      toAddress: row.to.toLowerCase(),
      token: row.token?.toLowerCase() ?? null,
      amount: row.amount.toString(),
      gasPrice: row.gasPrice?.toString() ?? null,
      nonce: row.nonce,
      data: row.data,
      status: 'pending',
    })
    .onConflictDoNothing()
}

/**
 * Marks the pending transaction(s) of `from` with `nonce` other than `hash`, not replaced yet, as replaced by it
 * (the node accepted `hash` with the same nonce, so they will not be mined). The indexer's
 * rows clear the mark should a replaced one be mined after all.
 */
export async function recordReplacement(
  db: Db,
  row: { chainId: number; from: Address; nonce: number; hash: Hash; kind: 'speed_up' | 'cancel' },
): Promise<number> {
  const replaced = await db
    .update(chainTransfers)
    .set({ replacedBy: row.hash.toLowerCase(), replaceKind: row.kind })
    .where(
      and(
        eq(chainTransfers.chainId, row.chainId),
        eq(chainTransfers.fromAddress, row.from.toLowerCase()),
        eq(chainTransfers.nonce, row.nonce),
        eq(chainTransfers.status, 'pending'),
        isNull(chainTransfers.replacedBy),
        ne(chainTransfers.hash, row.hash.toLowerCase()),
      ),
    )
    .returning({ id: chainTransfers.id })
  return replaced.length
}

const upsertSet = {
  replacedBy: sql`excluded.replaced_by`,
  replaceKind: sql`excluded.replace_kind`,
  blockNumber: sql`excluded.block_number`,
  blockHash: sql`excluded.block_hash`,
  fromAddress: sql`excluded.from_address`,
  toAddress: sql`excluded.to_address`,
  token: sql`excluded.token`,
  amount: sql`excluded.amount`,
  gasPrice: sql`excluded.gas_price`,
  gasUsed: sql`excluded.gas_used`,
  nonce: sql`excluded.nonce`,
  data: sql`excluded.data`,
  status: sql`excluded.status`,
  confirmedAt: sql`excluded.confirmed_at`,
}

/** The indexer's SQL for one chain: its cursor, the block hashes behind it and the transfers. */
export function indexerRepo(db: Db, chainId: number) {
  const ofChain = { blocks: eq(chainBlocks.chainId, chainId), transfers: eq(chainTransfers.chainId, chainId) }

  return {
    async cursor(): Promise<BlockRef | undefined> {
      const [row] = await db.select().from(chainCursor).where(eq(chainCursor.chainId, chainId))
      return row && { number: row.blockNumber, hash: row.blockHash }
    },

    async blockHash(number: number): Promise<string | undefined> {
      const [row] = await db
        .select({ hash: chainBlocks.hash })
        .from(chainBlocks)
        .where(and(ofChain.blocks, eq(chainBlocks.number, number)))
      return row?.hash
    },

    /** Kept hashes at or below `number`, newest first, genesis left out. */
    recentBlocks(number: number): Promise<BlockRef[]> {
      return db
        .select({ number: chainBlocks.number, hash: chainBlocks.hash })
        .from(chainBlocks)
        .where(and(ofChain.blocks, lte(chainBlocks.number, number), gt(chainBlocks.number, 0)))
        .orderBy(desc(chainBlocks.number))
    },

    /** First pass on this chain: remember its genesis and start after `from`. */
    async begin(genesis: BlockRef, from: BlockRef): Promise<void> {
      await db.transaction(async (tx) => {
        const blocks = from.number === genesis.number ? [genesis] : [genesis, from]
        await tx
          .insert(chainBlocks)
          .values(blocks.map((b) => ({ chainId, ...b })))
          .onConflictDoNothing()
        await tx
          .insert(chainCursor)
          .values({ chainId, blockNumber: from.number, blockHash: from.hash })
          .onConflictDoNothing()
      })
    },

    /**
     * Saves the transfers of the blocks after `after` up to the last of `blocks`, those blocks'
     * hashes and the moved cursor, all in one transaction. A row already there (same chain,
     * hash, log index) is updated, so re-indexing a block duplicates nothing and a pending row
     * becomes the confirmed one in place (keeping its id and created_at); pending rows of
     * these transactions left over after that (a token transfer recorded under -1) go.
     * False, with nothing written, when the cursor is no longer at `after` (another indexer
     * or a rollback moved it).
     */
    async commit(
      after: BlockRef,
      blocks: BlockRef[],
      transfers: TransferRow[],
      within?: Within<TransferRow[]>,
      approvals: ApprovalRow[] = [],
    ): Promise<boolean> {
      const last = blocks.at(-1)
      if (!last) return true
      return db.transaction(async (tx) => {
        const moved = await tx
          .update(chainCursor)
          .set({ blockNumber: last.number, blockHash: last.hash, updatedAt: new Date() })
          .where(
            and(
              eq(chainCursor.chainId, chainId),
              eq(chainCursor.blockNumber, after.number),
              eq(chainCursor.blockHash, after.hash),
            ),
          )
          .returning({ chainId: chainCursor.chainId })
        if (moved.length === 0) return false
        for (let i = 0; i < transfers.length; i += INSERT_CHUNK) {
          await tx
            .insert(chainTransfers)
            .values(transfers.slice(i, i + INSERT_CHUNK))
            .onConflictDoUpdate({
              target: [chainTransfers.chainId, chainTransfers.hash, chainTransfers.logIndex],
              set: upsertSet,
            })
        }
        for (let i = 0; i < approvals.length; i += INSERT_CHUNK)
          await tx
            .insert(chainApprovals)
            .values(approvals.slice(i, i + INSERT_CHUNK))
            .onConflictDoNothing()
        const hashes = [...new Set(transfers.map((t) => t.hash))]
        if (hashes.length > 0)
          await tx
            .delete(chainTransfers)
            .where(and(ofChain.transfers, eq(chainTransfers.status, 'pending'), inArray(chainTransfers.hash, hashes)))
        if (transfers.length > 0) await within?.(tx, transfers)
        await tx
          .insert(chainBlocks)
          .values(blocks.map((b) => ({ chainId, ...b })))
          .onConflictDoUpdate({ target: [chainBlocks.chainId, chainBlocks.number], set: { hash: sql`excluded.hash` } })
        await tx
          .delete(chainBlocks)
          .where(and(ofChain.blocks, gt(chainBlocks.number, 0), lte(chainBlocks.number, last.number - KEPT_BLOCKS)))
        return true
      })
    },

    /** A reorg: forgets what was indexed above `fork` and puts the cursor back on it. */
    async rollback(fork: BlockRef, within?: Within<BlockRef>): Promise<void> {
      await db.transaction(async (tx) => {
        await within?.(tx, fork)
        await tx
          .delete(chainTransfers)
          .where(
            and(ofChain.transfers, isNotNull(chainTransfers.blockNumber), gt(chainTransfers.blockNumber, fork.number)),
          )
        await tx
          .delete(chainApprovals)
          .where(and(eq(chainApprovals.chainId, chainId), gt(chainApprovals.blockNumber, fork.number)))
        await tx.delete(chainBlocks).where(and(ofChain.blocks, gt(chainBlocks.number, fork.number)))
        await tx
          .insert(chainBlocks)
          .values({ chainId, ...fork })
          .onConflictDoUpdate({ target: [chainBlocks.chainId, chainBlocks.number], set: { hash: fork.hash } })
        await tx
          .update(chainCursor)
          .set({ blockNumber: fork.number, blockHash: fork.hash, updatedAt: new Date() })
          .where(eq(chainCursor.chainId, chainId))
      })
    },

    /** Pending rows recorded before `before`, oldest first: candidates for `dropped`. */
    stalePending(before: Date, limit = 100): Promise<{ hash: string; from: string; nonce: number | null }[]> {
      return db
        .select({ hash: chainTransfers.hash, from: chainTransfers.fromAddress, nonce: chainTransfers.nonce })
        .from(chainTransfers)
        .where(and(ofChain.transfers, eq(chainTransfers.status, 'pending'), lt(chainTransfers.createdAt, before)))
        .orderBy(chainTransfers.createdAt)
        .limit(limit)
    },

    /** A pending transaction that will never be mined (its nonce went to another one): failed. */
    async dropped(hash: string): Promise<void> {
      await db
        .update(chainTransfers)
        .set({ status: 'failed', confirmedAt: new Date() })
        .where(and(ofChain.transfers, eq(chainTransfers.hash, hash), eq(chainTransfers.status, 'pending')))
    },

    /**
     * The chain behind this id was re-created (the dev chain starts afresh each time): its
     * transfers, pending ones included, describe a chain that is gone.
     */
    async forget(): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(chainTransfers).where(ofChain.transfers)
        await tx.delete(chainApprovals).where(eq(chainApprovals.chainId, chainId))
        await tx.delete(chainBlocks).where(ofChain.blocks)
        await tx.delete(chainCursor).where(eq(chainCursor.chainId, chainId))
      })
    },
  }
}
export type IndexerRepo = ReturnType<typeof indexerRepo>
