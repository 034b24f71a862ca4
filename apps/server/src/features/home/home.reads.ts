import { readModel } from '../../platform/db/read-models.ts'

/**
 * Home's read model: what its statements read (docs/adr/2026-11-25-home-in-one-read.md), each
 * table's writes moving the Home version by its owner's declaration.
 */
export const HOME_READS = readModel('home', {
  versions: ['home'],
  statements: ['home.read', 'home.stamp'],
  tables: [
    'users',
    'health_consents',
    'health_goals',
    'health_days',
    'device_bindings',
    'wallets',
    'ledger_accounts',
    'ledger_entries',
    'ledger_postings',
    'energy_days',
  ],
})
