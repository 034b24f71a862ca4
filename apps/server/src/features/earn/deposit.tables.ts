import { sql } from 'drizzle-orm'
import { bigint, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from '../../platform/db/users.tables.ts'

/**
 * KNT Transfers to the treasury seen by the indexer in confirmed blocks (wallet KNT in,
 * docs/adr/2026-11-24-knt-deposits.md). One row per transfer (chain, hash, log index): credited
 * to the one account whose wallets hold the sender, or held for the operator (no such account,
 * several, or a reorg undid it after it was credited), or returned by the operator.
 */
export const kntDeposits = pgTable(
  'knt_deposits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    chainId: integer('chain_id').notNull(),
    hash: text('hash').notNull(),
    logIndex: integer('log_index').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    /** Lower-case sender of the KNT. */
    fromAddress: text('from_address').notNull(),
    /** KNT base units (18 decimals). */
    amount: numeric('amount', { precision: 78, scale: 0 }).notNull(),
    /** credited | held | returned */
    status: text('status').notNull(),
    /** Why it is held: foreign (no account's wallet), shared (several accounts'), reorg. */
    heldReason: text('held_reason'),
    /** The account the KNT went to (kept when a reorg holds a credited deposit). */
    creditedTo: bigint('credited_to', { mode: 'number' }).references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('knt_deposits_key').on(t.chainId, t.hash, t.logIndex),
    index('knt_deposits_from_idx').on(t.chainId, t.fromAddress),
    index('knt_deposits_user_idx').on(t.creditedTo),
    index('knt_deposits_held_idx')
      .on(t.id)
      .where(sql`${t.status} = 'held'`),
  ],
)
