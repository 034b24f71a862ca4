import type { Db } from '../../platform/db/client.ts'
import { feature, type AppContext } from '../../platform/app-context.ts'
import { priceFeeds } from './prices.ts'
import { registerWalletMethods } from './wallet.methods.ts'
import { walletRepo, type WalletRow } from './wallet.repo.ts'
import { walletService } from './wallet.service.ts'

/** The front door of wallets: what other features (and the chain indexer, through app.ts) may use. */
export { transfersReceived } from './received.ts'
export { addressOwners, backedUpWalletCount, pendingTokenTransfers, trackedAddresses } from './wallet.repo.ts'
export { publicNetwork } from './wallet.context.ts'

/** Reads of a user's wallets for other features. */
export function walletReads(db: Db) {
  const repo = walletRepo(db)
  return {
    /** The user's current wallet (the one payouts go to), if any. */
    current: (userId: number): Promise<WalletRow | undefined> => repo.currentWallet(userId),
    /** The addresses of the user's live wallets. */
    addresses: (userId: number): Promise<string[]> => repo.userAddresses(userId),
  }
}

export function walletFeature(ctx: AppContext) {
  const { db, chain, config, registry } = ctx
  return feature('wallet', {}, async () => {
    registerWalletMethods(
      registry,
      walletService({ db, chain, prices: priceFeeds(config.chain.priceFeeds), dex: config.chain.dex }),
    )
  })
}
