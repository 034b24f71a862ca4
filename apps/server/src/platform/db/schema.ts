/** Every table, for drizzle's relational queries. Each lives in its feature's *.tables.ts. */
export * from '../../features/account/account.tables.ts'
export * from '../../features/content/content.tables.ts'
export * from '../../features/wallet/wallet.tables.ts'
export * from '../auth/sessions.tables.ts'
export * from '../mail/outbox.tables.ts'
export * from '../../chain/chain.tables.ts'
export * from '../../features/device/device.tables.ts'
export * from '../../features/health/health.tables.ts'
