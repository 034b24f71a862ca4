import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { users } from '../../platform/db/users.tables.ts'

/**
 * A user's wallets (DESIGN §6): the address and the vault the browser encrypted — never
 * words, keys or the wallet password. Deleting one only sets `deleted_at`.
 */
export const wallets = pgTable(
  'wallets',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** EIP-55 (checksummed); compared lower-case. */
    address: text('address').notNull(),
    /** mnemonic | private_key */
    kind: text('kind').notNull(),
    /** wallet-core's encrypted vault, opaque here; never logged, answered only by /v1/private. */
    vault: text('vault').notNull(),
    hint: text('hint').notNull().default(''),
    backedUp: boolean('backed_up').notNull().default(false),
    current: boolean('current').notNull().default(false),
    /**
     * When this account proved on a device that it holds the address's key (a signed one-time
     * challenge); null for a wallet stored before proofs until its owner proves it. Only a
     * proven address is the account's for deposits and payouts.
     */
    provenAt: timestamp('proven_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('wallets_user_address_key')
      .on(t.userId, sql`lower(${t.address})`)
      .where(sql`${t.deletedAt} IS NULL`),
    uniqueIndex('wallets_user_current_key')
      .on(t.userId)
      .where(sql`${t.current} AND ${t.deletedAt} IS NULL`),
    index('wallets_address_idx')
      .on(sql`lower(${t.address})`)
      .where(sql`${t.deletedAt} IS NULL`),
  ],
)

/** Coins of a chain: its native coin (contract null), the listed BEP20s, and tokens users added. */
export const coins = pgTable(
  'coins',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    chainId: integer('chain_id').notNull(),
    symbol: text('symbol').notNull(),
    name: text('name').notNull(),
    decimals: integer('decimals').notNull(),
    /** Lower-case token contract; null for the native coin. */
    contract: text('contract'),
    logo: text('logo').notNull().default(''),
    /** Listed by the app (offered to every wallet); false for a token a user added by contract. */
    listed: boolean('listed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('coins_chain_contract_key').on(t.chainId, t.contract).nullsNotDistinct()],
)

/** The coins shown in a wallet. */
export const walletCoins = pgTable(
  'wallet_coins',
  {
    walletId: bigint('wallet_id', { mode: 'number' })
      .notNull()
      .references(() => wallets.id, { onDelete: 'cascade' }),
    coinId: bigint('coin_id', { mode: 'number' })
      .notNull()
      .references(() => coins.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.walletId, t.coinId] })],
)

/** A user's saved recipients. Deleting one removes the row. */
export const addressBook = pgTable(
  'address_book',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** EIP-55 (checksummed). */
    address: text('address').notNull(),
    notes: text('notes').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('address_book_user_idx').on(t.userId, t.id)],
)

/**
 * One-time challenges of proofs of control (docs/adr/2026-11-28-proof-of-control.md): the nonce
 * of an EIP-4361 message, bound to the account, the lower-case address and the purpose, and
 * consumed (deleted) in the transaction that stores or proves the wallet.
 */
export const walletChallenges = pgTable(
  'wallet_challenges',
  {
    nonce: text('nonce').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lower-case. */
    address: text('address').notNull(),
    /** create | import | prove */
    purpose: text('purpose').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('wallet_challenges_user_idx').on(t.userId), index('wallet_challenges_expires_idx').on(t.expiresAt)],
)
