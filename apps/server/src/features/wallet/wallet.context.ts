import type { wallet } from '@kinetic/protocol'
import { getAddress, isAddress, type Address } from 'viem'
import { ChainUnavailable, type Chain } from '../../chain/chain.ts'
import { networkKey, tokenLogo, type Dex } from '../../chain/networks.ts'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/rpc/app-error.ts'
import type { BalanceBook } from './balance-book.ts'
import type { PriceFeeds } from './prices.ts'
import { addressBookRepo } from './address-book.repo.ts'
import { approvalsRepo } from './approvals.repo.ts'
import { coinsRepo, type CoinRow } from './coins.repo.ts'
import { transfersRepo } from './transfers.repo.ts'
import { walletsRepo, type ShownWallet, type WalletRow } from './wallets.repo.ts'

export interface WalletDeps {
  db: Db
  chain: Chain
  /** The coins' USD feeds: the chain's defaults and `PRICE_FEEDS` (app.ts). */
  prices: PriceFeeds
  /** Balances and prices per block (balance-book.ts): what the balance reads serve. */
  book: BalanceBook
  /** The exchange swaps go through (config.chain.dex); undefined: SWAP_UNAVAILABLE. */
  dex?: Dex | undefined
  /** The treasury's address (deposits go to it, payouts come from it), when the app has one. */
  treasury?: string | undefined
  /**
   * Told, inside the transaction, when an account first proves a wallet stored before proofs
   * (earning credits the deposits it held for that address: app.ts wires it).
   */
  onProven?: ((tx: Db, userId: number, address: string) => Promise<void>) | undefined
}

/** The chain's native coin as the app shows it (the dev chain's native coin stands for BNB). */
export const NATIVE_COIN = { symbol: 'BNB', name: 'BNB', decimals: 18, logo: tokenLogo('BNB', '#f0b90b') } as const

/** The chain as the wallet names it, with its explorer. */
export const publicNetwork = (chain: Pick<Chain, 'chainId' | 'explorer'>): wallet.Network => ({
  chain_id: chain.chainId,
  key: networkKey(chain.chainId),
  explorer: chain.explorer,
})

export function publicWallet(row: ShownWallet): wallet.Wallet {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    kind: row.kind === 'private_key' ? 'private_key' : 'mnemonic',
    hint: row.hint,
    backed_up: row.backedUp,
    current: row.current,
    proven: row.provenAt !== null,
    created_at: row.createdAt.toISOString(),
  }
}

export function publicCoin(row: CoinRow): wallet.Coin {
  return {
    id: row.id,
    symbol: row.symbol,
    name: row.name,
    decimals: row.decimals,
    contract: row.contract === null ? null : getAddress(row.contract),
    logo: row.logo,
  }
}

/** An address as stored and shown: EIP-55. Mixed case with a wrong checksum is refused as such. */
export function checkedAddress(text: string, field: string): Address {
  if (!isAddress(text, { strict: false })) throw new AppError('ADDRESS_INVALID', { field })
  if (!isAddress(text, { strict: true })) throw new AppError('ADDRESS_CHECKSUM', { field })
  return getAddress(text)
}

/** A stored lower-case contract (or null for native) as the chain API takes it. */
export const chainToken = (coin: CoinRow): Address | null => (coin.contract === null ? null : getAddress(coin.contract))

/** Node failures reach the client as CHAIN_UNAVAILABLE; everything else passes through. */
export function chainError(error: unknown): unknown {
  return error instanceof ChainUnavailable ? new AppError('CHAIN_UNAVAILABLE') : error
}

/** The wallet feature's repos, each on the tables it owns, over `db` (the pool or a transaction). */
export function walletRepos(db: Db) {
  return {
    wallets: walletsRepo(db),
    coins: coinsRepo(db),
    transfers: transfersRepo(db),
    approvals: approvalsRepo(db),
    addressBook: addressBookRepo(db),
  }
}

/** What every wallet operation shares: the repos, the chain, and the ownership checks. */
export function walletContext(deps: WalletDeps) {
  const { db, chain, prices, book } = deps
  const repos = walletRepos(db)
  let seeded: Promise<void> | undefined
  let listed: Promise<CoinRow[]> | undefined
  /** Coin rows by id: a row does not change once written but by a start's seeding (ensureCoins). */
  const coinRows = new Map<number, CoinRow>()

  /** The native coin and the chain's listed tokens, written once per process (idempotent). */
  function ensureCoins(): Promise<void> {
    seeded ??= (async () => {
      await repos.coins.upsertListedCoin({ chainId: chain.chainId, contract: null, ...NATIVE_COIN })
      for (const token of chain.tokens) {
        await repos.coins.upsertListedCoin({
          chainId: chain.chainId,
          contract: token.contract.toLowerCase(),
          symbol: token.symbol,
          name: token.name,
          decimals: token.decimals,
          logo: token.logo,
        })
      }
      await repos.coins.unlistOthers(
        chain.chainId,
        chain.tokens.map((t) => t.contract.toLowerCase()),
      )
    })().catch((error: unknown) => {
      seeded = undefined
      throw error
    })
    return seeded
  }

  return {
    db,
    chain,
    repos,
    prices,
    book,
    dex: deps.dex,
    ensureCoins,

    /**
     * The chain's listed coins, read once per process after seeding them: which coins are
     * listed comes from the configuration (ensureCoins), the same in every instance.
     */
    listedCoins(): Promise<CoinRow[]> {
      listed ??= ensureCoins()
        .then(() => repos.coins.listedCoins(chain.chainId))
        .catch((error: unknown) => {
          listed = undefined
          throw error
        })
      return listed
    },

    /**
     * A wallet's coins by their ids (in the order they were added), native first as the wallet
     * shows them, from this process's copy: each row is read once (after seeding), so a hot read
     * sends only ids (docs/adr/2026-11-25-wallet-reads-in-one-statement.md).
     */
    async coinsOf(ids: readonly number[]): Promise<CoinRow[]> {
      const missing = ids.filter((id) => !coinRows.has(id))
      if (missing.length > 0) {
        await ensureCoins()
        for (const row of await repos.coins.coinsByIds(missing)) coinRows.set(row.id, row)
      }
      const native: CoinRow[] = []
      const tokens: CoinRow[] = []
      for (const id of ids) {
        const row = coinRows.get(id)
        if (!row) throw new Error(`coin ${id} vanished`)
        ;(row.contract === null ? native : tokens).push(row)
      }
      return native.concat(tokens)
    },

    /** One of the user's wallets; someone else's or a deleted one is WALLET_NOT_FOUND, like a missing id. */
    async ownWallet(userId: number, walletId: number): Promise<WalletRow> {
      const row = await repos.wallets.findWallet(userId, walletId)
      if (!row) throw new AppError('WALLET_NOT_FOUND', { field: 'wallet_id' })
      return row
    },

    /** A coin shown in the wallet. */
    async walletCoin(walletId: number, coinId: number): Promise<CoinRow> {
      const coin = await repos.coins.walletCoin(walletId, coinId)
      if (!coin) throw new AppError('COIN_NOT_FOUND', { field: 'coin_id' })
      return coin
    },

    async nativeCoin(): Promise<CoinRow> {
      await ensureCoins()
      const coin = await repos.coins.coinByContract(chain.chainId, null)
      if (!coin) throw new Error('the native coin is not seeded')
      return coin
    },
  }
}
export type WalletContext = ReturnType<typeof walletContext>
