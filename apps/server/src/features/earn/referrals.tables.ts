import { bigint, pgTable } from 'drizzle-orm/pg-core'

/**
 * Invited accounts whose referral reward only a read would have paid before rewards were
 * credited at registration: the migration lists them once (its `-- data:` block), earning's
 * start-up step pays each through the ledger and removes it (referrals.ts `backlog`).
 */
export const referralBacklog = pgTable('earn_referral_backlog', {
  invitedId: bigint('invited_id', { mode: 'number' }).primaryKey(),
})
