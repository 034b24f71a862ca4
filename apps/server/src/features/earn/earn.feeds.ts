import { feeds } from '../../platform/db/read-models.ts'

/**
 * What earn's writes move: Home shows the credited energy, the balances, the latest movements
 * and the tasks received; Discover the balances, the pledge, its records and the shares; every
 * Discover the settlement's runs (a shared version).
 */
export const EARN_FEEDS = feeds('earn', {
  energy_days: { moves: ['home'] },
  ledger_accounts: { moves: ['home', 'discover'], events: ['insert', 'update'], when: 'NEW.user_id IS NOT NULL' },
  ledger_entries: {
    coveredBy: 'ledger_accounts',
    because: "a posting's entries update their accounts' balances in its transaction",
  },
  ledger_postings: {
    coveredBy: 'ledger_accounts',
    because: "a posting's entries update their accounts' balances in its transaction",
  },
  pledges: { moves: ['discover'] },
  discover_records: { moves: ['discover'] },
  settlement_shares: { moves: ['discover'] },
  settlement_runs: { moves: ['settlement'] },
})
