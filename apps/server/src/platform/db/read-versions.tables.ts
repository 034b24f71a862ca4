import { bigint, pgTable, text } from 'drizzle-orm/pg-core'
import { users } from './users.tables.ts'

/**
 * Versions of what a user's hot reads show, moved on by the database itself (triggers generated
 * from the owners' `*.feeds.ts`, docs/adr/2026-11-29-read-models-declare.md) when a transaction that changed a row they show commits: `home` (Home),
 * `wallet` (the wallet's home: wallets and their coins) and `discover` (Discover). A read keeps
 * its answer per user in process and asks only this row while its version holds
 * (docs/adr/2026-11-25-read-versions.md).
 */
export const readVersions = pgTable('read_versions', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  home: bigint('home', { mode: 'number' }).notNull().default(1),
  wallet: bigint('wallet', { mode: 'number' }).notNull().default(1),
  discover: bigint('discover', { mode: 'number' }).notNull().default(1),
})

/** Versions of what every user's reads share, by name: `settlement` (the settlement's runs, on Discover). */
export const sharedVersions = pgTable('shared_versions', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
})
