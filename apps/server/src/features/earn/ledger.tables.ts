import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { users } from '../../platform/db/users.tables.ts'

/**
 * The double-entry ledger (DESIGN §8). An account is one owner's balance of one asset:
 * `owner` is `user:<id>` or a system account (`system:rewards`, `system:shop`…). Amounts
 * are integers in the asset's base units (ledger.ts `ASSETS`), so numeric(78,0) holds them.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    owner: text('owner').notNull(),
    /** Set for a user's account (null for system accounts). */
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    asset: text('asset').notNull(),
    balance: numeric('balance', { precision: 78, scale: 0 }).notNull().default('0'),
    /** Issuing accounts (system:rewards, system:treasury) go negative by what they issued. */
    mayGoNegative: boolean('may_go_negative').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_owner_asset_key').on(t.owner, t.asset),
    // a user's accounts (Home's and the history's latest movements): without it, a scan of everyone's
    index('ledger_accounts_user_idx').on(t.userId),
    check('ledger_accounts_non_negative', sql`${t.mayGoNegative} OR ${t.balance} >= 0`),
    check('ledger_accounts_user_not_negative', sql`${t.userId} IS NULL OR NOT ${t.mayGoNegative}`),
  ],
)

/** One balanced movement: its entries sum to zero per asset. The key makes it happen once. */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** What happened: referral, purchase, refund, reward… (shown in the trading history). */
    kind: text('kind').notNull(),
    /** Details for the history (an order id, a good's name…), never secrets. */
    memo: jsonb('memo').$type<Record<string, unknown>>().notNull().default({}),
    /** Written from the app's clock: exports and day views pick movements by the app's day. */
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$defaultFn(() => new Date()),
  },
  (t) => [uniqueIndex('ledger_postings_key').on(t.idempotencyKey)],
)

/** Append-only: written with their posting, never updated or deleted. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    postingId: bigint('posting_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerPostings.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    asset: text('asset').notNull(),
    /** Signed: positive credits the account, negative debits it. */
    amount: numeric('amount', { precision: 78, scale: 0 }).notNull(),
    balanceAfter: numeric('balance_after', { precision: 78, scale: 0 }).notNull(),
    /** Written from the app's clock: exports and day views pick movements by the app's day. */
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$defaultFn(() => new Date()),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.accountId, t.id),
    index('ledger_entries_posting_idx').on(t.postingId),
    check('ledger_entries_not_zero', sql`${t.amount} <> 0`),
  ],
)

/** Every rate, cap, stage and reward of earning and the shop (seeded; operators edit them). */
export const earnSettings = pgTable('earn_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
