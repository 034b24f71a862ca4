import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { users } from '../../platform/db/users.tables.ts'

const knt = (name: string) => numeric(name, { precision: 78, scale: 0 })

/**
 * The settlement and what it pays on: pledges, Discover's records and each day's shares
 * (docs/adr/2026-11-23-pledge-and-release.md, …-daily-settlement.md); Discover (features/discover)
 * reads and writes them through earn's door; earn.feeds.ts says which versions they move. KNT amounts are base units
 * (18 decimals), power amounts power's (4 decimals). The pledged KNT itself sits in the
 * ledger's `system:pledges` account; these tables say whose it is.
 */

/** KNT a user has pledged now (a node is active while it is at least `node_activate_knt`). */
export const pledges = pgTable(
  'pledges',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    staked: knt('staked').notNull().default('0'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('pledges_staked_non_negative', sql`${t.staked} >= 0`)],
)

/**
 * My Discover movements, newest first on /find: stake, unstake (cooling until `release_at`,
 * then `released_at` is set), release (back to the balance) and the receives of rewards.
 * `request_id` makes a request happen once; a release is once per unstake (`unstake_id`).
 */
export const discoverRecords = pgTable(
  'discover_records',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** stake | unstake | release | receive_computing | receive_token */
    kind: text('kind').notNull(),
    requestId: text('request_id'),
    amount: knt('amount').notNull().default('0'),
    /** A receive: how many settled days it received. */
    days: integer('days').notNull().default(0),
    releaseAt: timestamp('release_at', { withTimezone: true }),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    /** A release: the unstake it returns. */
    unstakeId: bigint('unstake_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discover_records_request_key').on(t.userId, t.requestId),
    uniqueIndex('discover_records_release_key').on(t.unstakeId),
    index('discover_records_user_idx').on(t.userId, t.id),
    index('discover_records_cooling_idx')
      .on(t.releaseAt)
      .where(sql`${t.kind} = 'unstake' AND ${t.releasedAt} IS NULL`),
    check('discover_records_amount_non_negative', sql`${t.amount} >= 0`),
  ],
)

/** One settled UTC day. Claimed once (the primary key, under an advisory lock); `done` when every share is credited. */
export const settlementRuns = pgTable('settlement_runs', {
  day: date('day', { mode: 'string' }).primaryKey(),
  status: text('status').notNull().default('running'),
  /** 1-based. */
  stage: integer('stage').notNull(),
  emission: knt('emission').notNull(),
  computingPool: knt('computing_pool').notNull(),
  tokenPool: knt('token_pool').notNull(),
  /** Total basis of each pool at the snapshot: effective power (power units) and active nodes' KNT. */
  totalPower: numeric('total_power', { precision: 78, scale: 0 }).notNull().default('0'),
  totalStaked: knt('total_staked').notNull().default('0'),
  /** Sum of the shares' rewards (what reaches `system:unclaimed`). */
  issued: knt('issued').notNull().default('0'),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
})

/** One holder's share of one pool of one day: the basis snapshotted when the run started. */
export const settlementShares = pgTable(
  'settlement_shares',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    day: date('day', { mode: 'string' })
      .notNull()
      .references(() => settlementRuns.day),
    /** computing | token */
    kind: text('kind').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    basis: numeric('basis', { precision: 78, scale: 0 }).notNull(),
    totalBasis: numeric('total_basis', { precision: 78, scale: 0 }).notNull().default('0'),
    /** KNT, floored to base units. */
    reward: knt('reward').notNull().default('0'),
    /** Its batch's posting `system:treasury → system:unclaimed` is written. */
    credited: boolean('credited').notNull().default(false),
    /** The receive that moved it to the balance. */
    receiptId: bigint('receipt_id', { mode: 'number' }).references(() => discoverRecords.id),
  },
  (t) => [
    uniqueIndex('settlement_shares_key').on(t.day, t.kind, t.userId),
    index('settlement_shares_user_idx').on(t.userId, t.kind, t.day),
    index('settlement_shares_uncredited_idx')
      .on(t.day, t.kind, t.id)
      .where(sql`NOT ${t.credited}`),
    index('settlement_shares_unclaimed_idx')
      .on(t.userId, t.kind)
      .where(sql`${t.credited} AND ${t.receiptId} IS NULL`),
  ],
)
