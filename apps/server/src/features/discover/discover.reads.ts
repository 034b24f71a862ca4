import { readModel } from '../../platform/db/read-models.ts'

/**
 * Discover's read model: the page's statement and its versions (the user's and the settlement's,
 * docs/adr/2026-11-25-read-versions.md).
 */
export const DISCOVER_READS = readModel('discover', {
  versions: ['discover', 'settlement'],
  statements: ['discover.page', 'discover.stamp'],
  tables: ['pledges', 'discover_records', 'ledger_accounts', 'settlement_shares', 'settlement_runs'],
})
