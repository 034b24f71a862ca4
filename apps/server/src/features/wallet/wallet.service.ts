import type { wallet } from '@kinetic/protocol'
import { LRUCache } from 'lru-cache'
import { getAddress, type Address } from 'viem'
import { AppError } from '../../platform/rpc/app-error.ts'
import { keep } from '../../platform/rpc/envelope.ts'
import { pricesOf, valuedAssets, type Valuation, type ValuedAssets } from './assets.ts'
import { formatDecimal } from './money.ts'
import { addressBookService } from './address-book.ts'
import { previewService } from './preview.service.ts'
import { proofOfControl, type Proof, type ProofPurpose } from './proof.ts'
import { swapService } from './swap.service.ts'
import { transferService } from './transfer.service.ts'
import type { CoinRow } from './coins.repo.ts'
import { isUniqueViolation } from './wallets.repo.ts'
import {
  checkedAddress,
  publicCoin,
  publicNetwork,
  publicWallet,
  walletContext,
  walletRepos,
  type WalletDeps,
} from './wallet.context.ts'

type NewWallet = {
  name: string
  address: string
  vault: string
  hint?: string | undefined
  kind: wallet.Wallet['kind']
  proof: Proof
}

/** Users whose wallet home is kept (its wallet, coins and last valuation); a forgotten one costs one more statement. */
const WALLET_HOMES_KEPT = 20_000

/** The wallet home of a user as last read, under the wallet version it was read at. */
interface KeptHome {
  version: number
  /** The current wallet as shown, its checksummed address and coins; none without a wallet. */
  current:
    | {
        shown: wallet.Wallet
        owner: Address
        coins: CoinRow[]
        valuation: Valuation
        /** The last answer, while its valuation and block are the current ones. */
        answer?: ValuedAssets & { wallet: wallet.Wallet; network: wallet.Network }
      }
    | undefined
}

/** Wallets, their coins and balances; transfers and the address book come from their own files. */
export function walletService(deps: WalletDeps) {
  const ctx = walletContext(deps)
  const { chain, repos, book } = ctx
  const network = publicNetwork(chain)
  const proofs = proofOfControl({ db: ctx.db, chainId: chain.chainId })
  /**
   * While a user's wallet version holds (`read_versions`: it moves with every committed change
   * of their wallets or coins, in any instance), the wallet home is its kept wallet after one
   * short read, valued again only when the book's figures for it change
   * (docs/adr/2026-11-25-read-versions.md).
   */
  const homes = new LRUCache<number, KeptHome>({ max: WALLET_HOMES_KEPT })

  return {
    /** Writes the native coin and the listed tokens (at start; idempotent, once per process). */
    seedCoins: ctx.ensureCoins,

    ...transferService(ctx),
    ...previewService(ctx),
    ...addressBookService(ctx),
    ...swapService(ctx, deps.dex),

    /** A one-time proof-of-control challenge: the EIP-4361 message the device signs. */
    async challenge(userId: number, params: { address: string; purpose: ProofPurpose }, origin: string) {
      return proofs.challenge(userId, checkedAddress(params.address, 'address'), params.purpose, origin)
    },

    /**
     * Create and import store the same thing: the address and the browser's vault; it becomes
     * current. An import is stored backed up; created words are once they are verified. Either
     * needs a proof of control for its purpose, consumed with the store (WALLET_PROOF_INVALID).
     */
    async addWallet(
      userId: number,
      params: NewWallet,
      { backedUp = false, purpose, origin }: { backedUp?: boolean; purpose: 'create' | 'import'; origin: string },
    ) {
      const address = checkedAddress(params.address, 'address')
      await ctx.ensureCoins()
      const listed = await repos.coins.listedCoins(chain.chainId)
      const created = await ctx.db.transaction(async (tx) => {
        const txRepos = walletRepos(tx)
        await txRepos.wallets.lockUser(userId)
        if (await txRepos.wallets.findWalletByAddress(userId, address))
          throw new AppError('WALLET_EXISTS', { field: 'address' })
        await proofs.verify(tx, { userId, address, purpose, origin, proof: params.proof })
        await txRepos.wallets.clearCurrent(userId)
        try {
          const row = await txRepos.wallets.insertWallet({
            userId,
            name: params.name,
            address,
            kind: params.kind,
            vault: params.vault,
            hint: params.hint ?? '',
            backedUp,
            current: true,
            provenAt: new Date(),
          })
          await txRepos.coins.addWalletCoins(
            row.id,
            listed.map((c) => c.id),
          )
          return row
        } catch (error) {
          if (isUniqueViolation(error)) throw new AppError('WALLET_EXISTS', { field: 'address' })
          throw error
        }
      })
      return { wallet: publicWallet(created) }
    },

    /**
     * A wallet stored before proofs proves control once: from then on its deposits are credited
     * (those held as unproven too, through `onProven`) and collect pays to it.
     */
    async prove(userId: number, walletId: number, proof: Proof, origin: string) {
      const proven = await ctx.db.transaction(async (tx) => {
        const txRepos = walletRepos(tx)
        await txRepos.wallets.lockUser(userId)
        const row = await txRepos.wallets.findWallet(userId, walletId)
        if (!row) throw new AppError('WALLET_NOT_FOUND', { field: 'wallet_id' })
        const address = getAddress(row.address)
        await proofs.verify(tx, { userId, address, purpose: 'prove', origin, proof })
        if (row.provenAt) return row
        const marked = await txRepos.wallets.markProven(row.id, new Date())
        await deps.onProven?.(tx, userId, address.toLowerCase())
        return marked
      })
      return { wallet: publicWallet(proven) }
    },

    async walletInfo(userId: number, walletId: number) {
      return publicWallet(await ctx.ownWallet(userId, walletId))
    },

    /** The only answer that carries the vault, and only to its owner. */
    async privateVault(userId: number, walletId: number) {
      const row = await ctx.ownWallet(userId, walletId)
      return { vault: row.vault, kind: publicWallet(row).kind, hint: row.hint }
    },

    async markBackedUp(userId: number, walletId: number) {
      const row = await ctx.ownWallet(userId, walletId)
      await repos.wallets.updateWallet(row.id, { backedUp: true })
      return { ok: true as const }
    },

    async rename(userId: number, walletId: number, name: string) {
      const row = await ctx.ownWallet(userId, walletId)
      return { wallet: publicWallet(await repos.wallets.updateWallet(row.id, { name })) }
    },

    /** A new password means a new vault; the old hint belonged to the old password. */
    async replaceVault(userId: number, walletId: number, vault: string, hint: string | undefined) {
      const row = await ctx.ownWallet(userId, walletId)
      await repos.wallets.updateWallet(row.id, { vault, hint: hint ?? '' })
      return { ok: true as const }
    },

    /** Current first, then newest; with `walletId`, that wallet becomes current first. */
    async list(userId: number, walletId: number | undefined) {
      if (walletId !== undefined) {
        await ctx.db.transaction(async (tx) => {
          const txRepos = walletRepos(tx)
          await txRepos.wallets.lockUser(userId)
          const row = await txRepos.wallets.findWallet(userId, walletId)
          if (!row) throw new AppError('WALLET_NOT_FOUND', { field: 'wallet_id' })
          await txRepos.wallets.clearCurrent(userId)
          await txRepos.wallets.updateWallet(row.id, { current: true })
        })
      }
      return { list: (await repos.wallets.listWallets(userId)).map(publicWallet) }
    },

    /** Soft delete; when it was current, the newest remaining wallet becomes current. */
    async remove(userId: number, walletId: number) {
      await ctx.db.transaction(async (tx) => {
        const txRepos = walletRepos(tx)
        await txRepos.wallets.lockUser(userId)
        const row = await txRepos.wallets.findWallet(userId, walletId)
        if (!row) throw new AppError('WALLET_NOT_FOUND', { field: 'wallet_id' })
        await txRepos.wallets.updateWallet(row.id, { deletedAt: new Date(), current: false })
        if (row.current) {
          const next = await txRepos.wallets.newestWallet(userId)
          if (next) await txRepos.wallets.updateWallet(next.id, { current: true })
        }
      })
      return { ok: true as const }
    },

    /**
     * The current wallet and its coins, balances and prices from the book: one short read while
     * the wallet version holds, one more statement after a change.
     */
    async home(userId: number) {
      const version = await repos.wallets.walletVersion(userId)
      let kept = homes.get(userId)
      if (kept?.version !== version) {
        const { wallet: row, coinIds } = await repos.wallets.currentWithCoins(userId)
        kept = {
          version,
          current: row && {
            shown: publicWallet(row),
            owner: getAddress(row.address),
            coins: await ctx.coinsOf(coinIds),
            valuation: {},
          },
        }
        homes.set(userId, kept)
      }
      const { current } = kept
      if (!current) return { wallet: null, assets: [], total_usd: '0', unpriced: [], network, block: null }
      const valued = await valuedAssets(book, ctx.prices, current.owner, current.coins, current.valuation)
      // the same valuation at the same block is the same answer (its JSON written once)
      if (current.answer?.assets !== valued.assets || current.answer.block !== valued.block)
        current.answer = keep({ wallet: current.shown, ...valued, network })
      return current.answer
    },

    /** The wallet's coins with balances and prices from the book (no node call unless newer than its block). */
    async balances(userId: number, walletId: number) {
      const { wallet: row, coinIds } = await repos.wallets.ownWithCoins(userId, walletId)
      if (!row) throw new AppError('WALLET_NOT_FOUND', { field: 'wallet_id' })
      const coins = await ctx.coinsOf(coinIds)
      return valuedAssets(book, ctx.prices, getAddress(row.address), coins)
    },

    async balance(userId: number, walletId: number, coinId: number) {
      const row = await ctx.ownWallet(userId, walletId)
      const coin = await ctx.walletCoin(row.id, coinId)
      const { assets, block } = await valuedAssets(book, ctx.prices, getAddress(row.address), [coin])
      const [asset] = assets
      if (!asset) throw new Error('no asset for a coin')
      return { ...asset, block }
    },

    /**
     * Every listed coin and every coin of the wallet, with `added` telling which the wallet shows:
     * the wallet and its coins in one round trip, the listed coins from the process's copy.
     */
    async allBalances(userId: number, walletId: number) {
      const [listed, { wallet: row, coinIds }] = await Promise.all([
        ctx.listedCoins(),
        repos.wallets.ownWithCoins(userId, walletId),
      ])
      if (!row) throw new AppError('WALLET_NOT_FOUND', { field: 'wallet_id' })
      const mine = await ctx.coinsOf(coinIds)
      const added = new Set(mine.map((c) => c.id))
      const all = [...listed, ...mine.filter((c) => !listed.some((l) => l.id === c.id))]
      const { assets, block } = await valuedAssets(book, ctx.prices, getAddress(row.address), all)
      return { assets: assets.map((a) => ({ ...a, added: added.has(a.id) })), block }
    },

    /** The contracts the app knows by name, EIP-55: the router when swaps are on, the treasury when there is one. */
    knownContracts(): { list: { name: (typeof wallet.KNOWN_CONTRACTS)[number]; address: string }[] } {
      return {
        list: [
          ...(deps.dex ? [{ name: 'router' as const, address: getAddress(deps.dex.router) }] : []),
          ...(deps.treasury ? [{ name: 'treasury' as const, address: getAddress(deps.treasury) }] : []),
        ],
      }
    },

    async marketValue() {
      await ctx.ensureCoins()
      const listed = await repos.coins.listedCoins(chain.chainId)
      const usd = await pricesOf(
        chain,
        ctx.prices,
        listed.map((c) => c.symbol),
      )
      return {
        list: listed.map((c) => {
          const price = usd.get(c.symbol)
          return { symbol: c.symbol, price_usd: price ? formatDecimal(price) : '' }
        }),
      }
    },

    async coinList(keyword: string | undefined) {
      await ctx.ensureCoins()
      return { list: (await repos.coins.listedCoins(chain.chainId, keyword || undefined)).map(publicCoin) }
    },

    /** By coin_id: a coin's detail. By contract: add that token to the wallet (read on-chain when new). */
    async coinInfo(userId: number, params: { wallet_id: number; coin_id?: number | undefined; contract?: string }) {
      const row = await ctx.ownWallet(userId, params.wallet_id)
      await ctx.ensureCoins()
      if (params.contract !== undefined) {
        const contract = checkedAddress(params.contract, 'contract')
        const coin =
          (await repos.coins.coinByContract(chain.chainId, contract.toLowerCase())) ?? (await discover(contract))
        await repos.coins.addWalletCoins(row.id, [coin.id])
        return { coin: publicCoin(coin), added: true }
      }
      if (params.coin_id === undefined) throw new AppError('FIELD_REQUIRED', { field: 'contract' })
      const coin = await repos.coins.coinById(chain.chainId, params.coin_id)
      if (!coin) throw new AppError('COIN_NOT_FOUND', { field: 'coin_id' })
      return { coin: publicCoin(coin), added: (await repos.coins.walletCoin(row.id, coin.id)) !== undefined }
    },

    /** Takes a coin off the wallet's list; its history stays on the chain and shows again once re-added. */
    async hideCoin(userId: number, walletId: number, coinId: number) {
      const row = await ctx.ownWallet(userId, walletId)
      const coin = await ctx.walletCoin(row.id, coinId)
      if (coin.contract === null) throw new AppError('COIN_NOT_REMOVABLE', { field: 'coin_id' })
      await repos.coins.removeWalletCoin(row.id, coin.id)
      return { ok: true as const }
    },
  }

  /** A token nobody added yet: name, symbol and decimals from the contract itself. */
  async function discover(contract: `0x${string}`) {
    const meta = await chain.tokenMeta(contract)
    if (!meta) throw new AppError('NOT_A_TOKEN', { field: 'contract' })
    return repos.coins.insertCoin({
      chainId: chain.chainId,
      contract: contract.toLowerCase(),
      symbol: meta.symbol.trim().slice(0, 32) || '?',
      name: meta.name.trim().slice(0, 64),
      decimals: meta.decimals,
      logo: '',
      listed: false,
    })
  }
}
export type WalletService = ReturnType<typeof walletService>
