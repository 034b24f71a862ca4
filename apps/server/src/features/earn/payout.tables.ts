import { sql } from 'drizzle-orm'
import { bigint, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from '../../platform/db/users.tables.ts'

/**
 * KNT paid out on-chain (/v1/collect): queued → sent (signed; raw and nonce kept, so a
 * crash never signs a second transaction for it) → confirmed, or failed (refunded once).
 */
export const payouts = pgTable(
  'payouts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    requestId: text('request_id').notNull(),
    /** KNT base units (18 decimals). */
    amount: numeric('amount', { precision: 78, scale: 0 }).notNull(),
    /** EIP-55 address of the wallet that was current at the request. */
    toAddress: text('to_address').notNull(),
    chainId: integer('chain_id').notNull(),
    /** Lower-case address of the treasury that signs it. */
    treasury: text('treasury').notNull(),
    status: text('status').notNull().default('queued'),
    nonce: integer('nonce'),
    hash: text('hash'),
    raw: text('raw'),
    /** Why it failed (the node's short reason), for operators. */
    error: text('error').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payouts_request_key').on(t.userId, t.requestId),
    index('payouts_open_idx')
      .on(t.status, t.id)
      .where(sql`${t.status} IN ('queued', 'sent')`),
  ],
)
