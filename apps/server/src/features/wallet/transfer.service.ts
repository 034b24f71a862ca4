import { wallet } from '@kinetic/protocol'
import {
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  getAddress,
  isHex,
  maxUint256,
  stringToHex,
  type Address,
  type Hex,
} from 'viem'
import { ChainRejected, ChainUnavailable } from '../../chain/chain.ts'
import { recordPending, recordReplacement } from '../../chain/indexer.repo.ts'
import { isoInZone, textCell, toCsv } from '../../platform/export/csv.ts'
import { explorerTxUrl } from '../../chain/networks.ts'
import { pendingTransfer } from '../../chain/pending.ts'
import { AppError } from '../../platform/rpc/app-error.ts'
import { pricesOf } from './assets.ts'
import { DEFAULT_GAS_LIMIT, feeTiers, withMargin } from './fees.ts'
import { approvalCall, dustLimits, swapCall, swapsOf, toTransfer, unknownCoin, type TransferView } from './history.ts'
import { toBaseUnits } from './money.ts'
import { readSignedTx, type SignedTx } from './signed-tx.ts'
import type { CoinRow } from './coins.repo.ts'
import type { HistoryType, TransferRow } from './transfers.repo.ts'
import type { WalletRow } from './wallets.repo.ts'
import { chainToken, NATIVE_COIN, publicCoin, publicNetwork, type WalletContext } from './wallet.context.ts'

/** Node answers to a raw transaction it already has: the same raw posted again is a success. */
const ALREADY_KNOWN = /already known|known transaction|already imported|already in (the )?(mem)?pool/i
const NONCE_TOO_LOW = /nonce too low|nonce has already been used/i
const REASON_MAX = 200

type Page = { page: number; limit: number }
type WalletCsvKind = (typeof wallet.WALLET_CSV_KINDS)[number]
/** all / income / outgo; `suspicious` shows look-alike dust (marked) instead of hiding it. */
type Filter = { type: HistoryType; suspicious: boolean }

/** Memo text or 0x hex as transaction data. */
const asData = (data: string | undefined): Hex | undefined =>
  !data ? undefined : isHex(data) && data.length % 2 === 0 ? data : stringToHex(data)

/** Fees, sending and history: everything that reads or moves value on the chain. */
export function transferService(ctx: WalletContext) {
  const { chain, repos } = ctx

  /** Lower-case contracts of the tokens the wallet shows. */
  async function walletTokens(walletId: number): Promise<string[]> {
    const coins = await repos.coins.walletCoins(walletId)
    return coins.flatMap((c) => (c.contract === null ? [] : [c.contract]))
  }

  /**
   * Coins for the rows' tokens (and the tokens their swaps name) and one head read for all
   * confirmations. `legs`: every row of the rows' transactions that `owner` sent or received,
   * which make a swap one entry with both legs.
   */
  async function view(
    rows: TransferRow[],
    mine: Set<string>,
    swaps?: { owner: string; legs: TransferRow[] },
  ): Promise<TransferView> {
    const router = ctx.dex?.router
    const calls = router ? (swaps?.legs ?? []).flatMap((r) => swapCall(r, router) ?? []) : []
    const named = [...rows, ...(swaps?.legs ?? [])].flatMap((r) => (r.token === null ? [] : [r.token]))
    const approved = rows.flatMap((r) => approvalCall(r)?.token ?? [])
    const contracts = [
      ...new Set([...named, ...approved, ...calls.flatMap((c) => [c.tokenIn ?? [], c.tokenOut ?? []].flat())]),
    ]
    const [native, known, head] = await Promise.all([
      ctx.nativeCoin(),
      repos.coins.coinsByContracts(chain.chainId, contracts),
      rows.some((r) => r.blockNumber !== null) ? headOrUndefined() : Promise.resolve(undefined),
    ])
    const coins = new Map(known.map((c) => [c.contract ?? '', c]))
    const coinOf = (token: string | null) => {
      const row = token === null ? native : coins.get(token)
      return row ? publicCoin(row) : unknownCoin(token ?? '')
    }
    const found = router && swaps ? swapsOf(swaps.legs, swaps.owner, router, coinOf) : undefined
    return { native, coins, head, mine, swaps: found }
  }

  /** Every row of the rows' transactions that `address` sent or received (none without an exchange). */
  async function legsOf(rows: TransferRow[], address: string): Promise<TransferRow[]> {
    if (!ctx.dex) return []
    return repos.transfers.transfersOfHashes(chain.chainId, [...new Set(rows.map((r) => r.hash))], [address])
  }

  async function headOrUndefined(): Promise<bigint | undefined> {
    try {
      return await chain.blockNumber()
    } catch (error) {
      if (error instanceof ChainUnavailable) return undefined
      throw error
    }
  }

  /** Dust limits of the chain's listed tokens. */
  async function dust() {
    await ctx.ensureCoins()
    return dustLimits(await repos.coins.listedCoins(chain.chainId))
  }

  async function history(row: WalletRow, filter: Filter, page: Page, coin?: CoinRow) {
    const address = row.address.toLowerCase()
    const { rows, total } = await repos.transfers.history({
      chainId: chain.chainId,
      address,
      type: filter.type,
      suspicious: filter.suspicious,
      token: coin ? coin.contract : undefined,
      walletTokens: await walletTokens(row.id),
      dust: await dust(),
      ...page,
    })
    const v = await view(rows, new Set([address]), { owner: address, legs: await legsOf(rows, address) })
    return { list: rows.map((r) => toTransfer(r, v)), total, page: page.page, limit: page.limit }
  }

  /** Refuses what the chain would refuse for want of funds, before it is broadcast. */
  async function checkFunds(tx: SignedTx, owner: Address) {
    const token = tx.token
    const [native, tokenBalance] = await chain.balances(owner, token ? [null, getAddress(token.contract)] : [null])
    const bnb = native ?? 0n
    if (token) {
      if ((tokenBalance ?? 0n) < token.amount) throw new AppError('INSUFFICIENT_BALANCE', { field: 'raw' })
      if (bnb < tx.value + tx.maxFee) throw new AppError('INSUFFICIENT_FEE', { field: 'raw' })
    } else if (bnb < tx.value + tx.maxFee) {
      throw new AppError('INSUFFICIENT_BALANCE', { field: 'raw' })
    }
  }

  /** Whether this very transaction was sent before: recorded by us, or known to the node. */
  async function sentBefore(hash: Hex): Promise<boolean> {
    return (await repos.transfers.transferExists(chain.chainId, hash)) || (await chain.hasTransaction(hash))
  }

  /** Broadcasts; a replay of a raw the node (or we) already have counts as sent. */
  async function broadcast(tx: SignedTx, raw: Hex) {
    try {
      await chain.sendRawTransaction(raw)
    } catch (error) {
      if (!(error instanceof ChainRejected)) throw error
      // nonce too low for this very transaction: it was sent before (e.g. by a process killed
      // before it recorded it) — the node still knows it by its hash
      const replay =
        ALREADY_KNOWN.test(error.reason) || (NONCE_TOO_LOW.test(error.reason) && (await sentBefore(tx.hash)))
      if (!replay)
        throw new AppError('TX_REJECTED', { field: 'raw', args: { reason: error.reason.slice(0, REASON_MAX) } })
    }
  }

  return {
    /**
     * Fee tiers for a transfer; the gas limit is the node's estimate + 10% once `to` and `amount`
     * are known (`exact`), a default guess before (or when the node will not estimate it).
     */
    async gasPrice(
      userId: number,
      params: {
        wallet_id: number
        coin_id: number
        to?: string | undefined
        amount?: string | undefined
        data?: string | undefined
      },
    ) {
      const row = await ctx.ownWallet(userId, params.wallet_id)
      const coin = await ctx.walletCoin(row.id, params.coin_id)
      const token = chainToken(coin)
      let gasLimit: bigint = token ? DEFAULT_GAS_LIMIT.token : DEFAULT_GAS_LIMIT.native
      let exact = false
      if (params.to && params.amount) {
        const value = toBaseUnits(params.amount, coin.decimals)
        if (value === undefined) throw new AppError('FIELD_INVALID', { field: 'amount' })
        const from = getAddress(row.address)
        const to = getAddress(params.to)
        const tx = token
          ? {
              from,
              to: token,
              data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, value] }),
            }
          : { from, to, value, data: asData(params.data) }
        try {
          gasLimit = withMargin(await chain.estimateGas(tx))
          exact = true
        } catch (error) {
          // a transfer the node would refuse (more than the balance…) keeps the default; /v1/transaction says why
          if (error instanceof ChainUnavailable) throw error
        }
      }
      const [nodePrice, usd] = await Promise.all([chain.gasPrice(), pricesOf(chain, ctx.prices, [NATIVE_COIN.symbol])])
      return {
        gas_limit: gasLimit.toString(),
        exact,
        tiers: feeTiers(nodePrice, gasLimit, usd.get(NATIVE_COIN.symbol)),
      }
    },

    async transferInfo(userId: number, walletId: number, coinId: number) {
      const row = await ctx.ownWallet(userId, walletId)
      const coin = await ctx.walletCoin(row.id, coinId)
      const owner = getAddress(row.address)
      const [[native, balance], nonce, recipients] = await Promise.all([
        chain.balances(owner, [null, chainToken(coin)]),
        chain.nonce(owner),
        Promise.all([walletTokens(row.id), dust()]).then(([tokens, limits]) =>
          repos.transfers.recipients(chain.chainId, owner.toLowerCase(), tokens, limits),
        ),
      ])
      return {
        coin: publicCoin(coin),
        balance: formatUnits(balance ?? 0n, coin.decimals),
        native_balance: formatUnits(native ?? 0n, 18),
        nonce,
        chain_id: chain.chainId,
        network: publicNetwork(chain),
        recipients: recipients.map((r) => getAddress(r)),
      }
    },

    /**
     * Checks a transaction signed in the browser (chain, signer, funds), broadcasts it and
     * records it as pending. Posting the same raw again answers the same hash and records nothing new.
     */
    async transaction(userId: number, walletId: number, raw: Hex) {
      const row = await ctx.ownWallet(userId, walletId)
      const tx = await readSignedTx(raw)
      if (tx.chainId !== chain.chainId) {
        const reason = `chain id ${tx.chainId ?? 'missing'} is not ${chain.chainId}`
        throw new AppError('TX_REJECTED', { field: 'raw', args: { reason } })
      }
      if (tx.from !== row.address.toLowerCase()) throw new AppError('TX_SIGNER_MISMATCH', { field: 'raw' })
      // No connection is held while the node is asked: a slow node must not take the pool
      // from everyone else. Concurrent posts of one raw all broadcast it (the node answers
      // "already known" or "nonce too low" to all but one) and record it once (unique hash).
      if (await repos.transfers.transferExists(chain.chainId, tx.hash)) return { hash: tx.hash }
      try {
        await checkFunds(tx, getAddress(row.address))
      } catch (error) {
        // the funds it took are gone because it was sent already (a concurrent post of it)
        if (!(error instanceof AppError && (await sentBefore(tx.hash)))) throw error
      }
      await broadcast(tx, raw)
      // one pending row; the indexer turns it into the mined rows
      const pending = await pendingTransfer(chain.chainId, raw)
      await recordPending(ctx.db, pending)
      // the node took it with the nonce of a pending one of ours: that one is replaced (speed-up or cancel)
      const cancel = tx.to === tx.from && tx.value === 0n && tx.data === ''
      await recordReplacement(ctx.db, {
        chainId: chain.chainId,
        from: pending.from,
        nonce: tx.nonce,
        hash: tx.hash,
        kind: cancel ? 'cancel' : 'speed_up',
      })
      // a node that mines at once (the dev chain) has the block already: the balances show it
      // in the answer's wake; elsewhere the book's next poll sees it
      await ctx.book.refresh().catch(() => undefined)
      return { hash: tx.hash }
    },

    walletHistory: async (userId: number, params: { wallet_id: number } & Filter & Page) =>
      history(await ctx.ownWallet(userId, params.wallet_id), params, params),

    async record(userId: number, params: { wallet_id: number; coin_id: number } & Filter & Page) {
      const row = await ctx.ownWallet(userId, params.wallet_id)
      return history(row, params, params, await ctx.walletCoin(row.id, params.coin_id))
    },

    /**
     * The wallet's history on local days `from` … `to` as CSV (ADR csv-exports): the rows
     * /v1/wallethistory shows, oldest first, amounts as its exact decimals, times in the
     * account's zone with their offset.
     */
    async walletExport(userId: number, params: { wallet_id: number; from: string; to: string }) {
      const row = await ctx.ownWallet(userId, params.wallet_id)
      const address = row.address.toLowerCase()
      const [timeZone, tokens, limits] = await Promise.all([
        repos.wallets.timeZone(userId),
        walletTokens(row.id),
        dust(),
      ])
      const rows = await repos.transfers.historyInDays({
        chainId: chain.chainId,
        address,
        type: 'all',
        walletTokens: tokens,
        dust: limits,
        from: params.from,
        to: params.to,
        timeZone,
      })
      const legs = await legsOf(rows, address)
      const v = await view(rows, new Set([address]), { owner: address, legs })
      const line = (tr: wallet.Transfer, kind: WalletCsvKind, approval?: Record<'spender' | 'allowance', string>) => ({
        time: isoInZone(new Date(tr.time), timeZone),
        hash: tr.hash,
        log_index: String(tr.log_index),
        block_number: tr.block_number === null ? '' : String(tr.block_number),
        status: tr.status,
        direction: tr.direction,
        kind,
        symbol: textCell(tr.coin.symbol),
        contract: tr.coin.contract ?? '',
        amount: tr.amount,
        fee_bnb: tr.fee,
        from: tr.from,
        to: tr.to,
        spender: approval?.spender ?? '',
        allowance: approval?.allowance ?? '',
        memo: textCell(tr.data_text),
      })
      const swapsIn = new Set<string>()
      const lines = rows.flatMap((r) => {
        const tr = toTransfer(r, v)
        if (tr.swap) {
          // a swap is two rows: what left the wallet, then what it received (each leg paid to it)
          if (swapsIn.has(r.hash)) return [line(tr, 'swap_out')]
          swapsIn.add(r.hash)
          const bought = tr.swap.received.coin.contract?.toLowerCase() ?? null
          const received = legs.filter(
            (l) =>
              l.hash === r.hash &&
              l.logIndex >= 0 &&
              l.toAddress === address &&
              l.fromAddress !== address &&
              l.token === bought,
          )
          return [line(tr, 'swap_out'), ...received.map((l) => line(toTransfer(l, v), 'swap_in'))]
        }
        const approval = approvalCall(r)
        if (!approval) return [line(tr, 'transfer')]
        // an approval moves nothing: its row names the token, the spender and the allowance it sets
        const known = v.coins.get(approval.token)
        const token = known ? publicCoin(known) : unknownCoin(approval.token)
        const allowance = approval.amount === maxUint256 ? 'unlimited' : formatUnits(approval.amount, token.decimals)
        return [
          line({ ...tr, coin: token }, approval.amount === 0n ? 'revoke' : 'approval', {
            spender: approval.spender,
            allowance,
          }),
        ]
      })
      return { csv: toCsv(wallet.WALLET_CSV_COLUMNS, lines), rows: lines.length, time_zone: timeZone }
    },

    /** A transaction's transfers that touch one of the user's wallets; any other hash is not found. */
    async txDetail(userId: number, hash: string) {
      const mine = await repos.wallets.userAddresses(userId)
      const rows = await repos.transfers.transfersOfHashes(chain.chainId, [hash.toLowerCase()], mine)
      if (rows.length === 0) throw new AppError('TX_NOT_FOUND', { field: 'hash' })
      const sender = rows.find((r) => r.logIndex === -1 && mine.includes(r.fromAddress))?.fromAddress
      const v = await view(rows, new Set(mine), sender ? { owner: sender, legs: rows } : undefined)
      const mined = rows.find((r) => r.blockHash !== null)
      const priced = rows.find((r) => r.gasPrice !== null)
      return {
        transfers: rows.map((r) => toTransfer(r, v)),
        block_hash: mined?.blockHash ?? '',
        gas_used: rows.find((r) => r.gasUsed !== null)?.gasUsed ?? '',
        gas_price: priced?.gasPrice ?? '',
        explorer_url: explorerTxUrl(chain.explorer, hash.toLowerCase()),
      }
    },
  }
}
