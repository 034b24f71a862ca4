import { readModel } from '../../platform/db/read-models.ts'

/** The wallet home's read model: the user's current wallet and its coins, kept while the wallet version holds. */
export const WALLET_READS = readModel('wallet', {
  versions: ['wallet'],
  statements: ['wallet.current', 'wallet.version'],
  tables: ['wallets', 'wallet_coins'],
})
