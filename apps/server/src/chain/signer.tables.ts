import { sql } from 'drizzle-orm'
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

/**
 * Every transaction a server key signed (chain/signer.ts), kept before it is broadcast: the
 * bytes are only ever sent again, never signed anew with another nonce unless proven absent.
 * open (may be mined) → mined | reverted (its receipt) | absent (proven never to be mined:
 * its nonce went to another transaction, confirmed) | refused (the node refused the bytes).
 */
export const signedTransactions = pgTable(
  'signed_transactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    chainId: integer('chain_id').notNull(),
    /** Lower-case address of the key that signed it. */
    sender: text('sender').notNull(),
    nonce: integer('nonce').notNull(),
    /** Lower-case 0x hash. */
    hash: text('hash').notNull(),
    raw: text('raw').notNull(),
    /** What it is for: `payout:<id>`, or `filler` (a 0-value self-transfer that fills a nonce). */
    purpose: text('purpose').notNull(),
    status: text('status').notNull().default('open'),
    /** The node's reason when refused. */
    error: text('error').notNull().default(''),
    /** The head seen when the sender's mined nonce was first found past this one with no receipt. */
    passedAt: bigint('passed_at', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('signed_transactions_hash_key').on(t.chainId, t.hash),
    index('signed_transactions_purpose_idx').on(t.chainId, t.purpose),
    index('signed_transactions_open_idx')
      .on(t.chainId, t.sender, t.nonce)
      .where(sql`${t.status} = 'open'`),
  ],
)
