import { bigint, index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

/**
 * Transfers touching a tracked address (a wallet of some user), as the indexer saw them on
 * chain or as `/v1/transaction` recorded them before they were mined. One row per moved
 * value: the native value of a transaction (log_index -1), each BEP20 Transfer log, and the
 * BNB a swap router paid out (at its WBNB Withdrawal log's index, token null).
 */
export const chainTransfers = pgTable(
  'chain_transfers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    chainId: integer('chain_id').notNull(),
    hash: text('hash').notNull(),
    /** -1 for the transaction's native value; the log index for a BEP20 Transfer or a router's BNB payout. */
    logIndex: integer('log_index').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }),
    blockHash: text('block_hash'),
    /** Lower-case 0x addresses. */
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    /** Lower-case token contract; null for the native coin. */
    token: text('token'),
    /** Base units (wei / token units). */
    amount: numeric('amount', { precision: 78, scale: 0 }).notNull(),
    gasPrice: numeric('gas_price', { precision: 78, scale: 0 }),
    gasUsed: numeric('gas_used', { precision: 78, scale: 0 }),
    nonce: integer('nonce'),
    /** Input data of a native transfer as 0x hex ('' when none). */
    data: text('data').notNull().default(''),
    /** pending | success | failed */
    status: text('status').notNull(),
    /** Lower-case hash of the transaction sent with the same nonce to replace this pending one. */
    replacedBy: text('replaced_by'),
    /** How it was replaced: speed_up (same transaction, higher gas price) | cancel (0-value self-transfer). */
    replaceKind: text('replace_kind'),
    /** Written from the app's clock: a rule compares it with a time the app computed. */
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$defaultFn(() => new Date()),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('chain_transfers_key').on(t.chainId, t.hash, t.logIndex),
    index('chain_transfers_from_idx').on(t.chainId, t.fromAddress, t.blockNumber),
    index('chain_transfers_to_idx').on(t.chainId, t.toAddress, t.blockNumber),
  ],
)

/** How far the indexer has followed each chain. */
export const chainCursor = pgTable('chain_cursor', {
  chainId: integer('chain_id').primaryKey(),
  blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
  blockHash: text('block_hash').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Hashes of recently indexed blocks, to notice a reorg and roll back to the fork point. */
export const chainBlocks = pgTable(
  'chain_blocks',
  {
    chainId: integer('chain_id').notNull(),
    number: bigint('number', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.number] })],
)

/**
 * BEP20 Approval logs whose owner is a tracked address: which spenders a wallet ever approved
 * on which tokens (the current allowance is read on-chain). One row per log.
 */
export const chainApprovals = pgTable(
  'chain_approvals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    chainId: integer('chain_id').notNull(),
    hash: text('hash').notNull(),
    logIndex: integer('log_index').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    /** Lower-case 0x addresses. */
    owner: text('owner').notNull(),
    token: text('token').notNull(),
    spender: text('spender').notNull(),
    /** Base units approved by this log. */
    amount: numeric('amount', { precision: 78, scale: 0 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chain_approvals_key').on(t.chainId, t.hash, t.logIndex),
    index('chain_approvals_owner_idx').on(t.chainId, t.owner),
  ],
)
