import { privateKeyToAccount } from 'viem/accounts'
import type { Db } from '../../platform/db/client.ts'
import { feature, type AppContext } from '../../platform/app-context.ts'
import { balanceBook, type BalanceBook } from './balance-book.ts'
import { priceFeeds } from './prices.ts'
import { registerWalletMethods } from './wallet.methods.ts'
import { walletsRepo, type WalletRow } from './wallets.repo.ts'
import { walletService } from './wallet.service.ts'

/** The front door of wallets: what other features (and the chain indexer, through app.ts) may use. */
export { transfersReceived } from './received.ts'
export { pendingTokenTransfers } from './transfers.repo.ts'
export { addressOwners, backedUpWalletCount, provenByAccount, trackedAddresses } from './wallets.repo.ts'
export { publicNetwork } from './wallet.context.ts'
export type { BalanceBook } from './balance-book.ts'

/** Reads of a user's wallets for other features. */
export function walletReads(db: Db) {
  const wallets = walletsRepo(db)
  return {
    /** The user's current wallet (the one payouts go to), if any. */
    current: (userId: number): Promise<WalletRow | undefined> => wallets.currentWallet(userId),
    /** The addresses of the user's live wallets. */
    addresses: (userId: number): Promise<string[]> => wallets.userAddresses(userId),
  }
}

export function walletFeature(
  ctx: AppContext,
  deps: { onProven?: (tx: Db, userId: number, address: string) => Promise<void> } = {},
) {
  const { db, chain, config, registry } = ctx
  /** Balances per block; the dev routes tell it of blocks the app itself made. */
  const balances: BalanceBook = balanceBook({
    db,
    chain,
    feeds: [...new Set(Object.values(config.chain.priceFeeds).map((f) => f.address))],
    pollMs: config.chain.pollMs,
    log: ctx.log.child({ module: 'balance-book' }),
  })
  // balances are read once per new block in every instance (docs/adr/2026-11-25-balances-per-block.md)
  ctx.runner.add(balances.service, balances.backoff)
  return feature('wallet', { balances }, async (server) => {
    const service = walletService({
      db,
      chain,
      book: balances,
      prices: priceFeeds(config.chain.priceFeeds),
      dex: config.chain.dex,
      treasury: config.treasuryKey && privateKeyToAccount(config.treasuryKey).address,
      onProven: deps.onProven,
    })
    registerWalletMethods(registry, service, config.publicOrigin)
    // the configured coins are written at start, so no read (on a replica, read-only) is the first to write them
    server.addHook('onReady', () => service.seedCoins())
  })
}
