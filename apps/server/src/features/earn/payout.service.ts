import type { Params, wallet } from '@kinetic/protocol'
import {
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  http,
  parseUnits,
  type Address,
  type Hex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { ChainClient } from '../../chain/client.ts'
import { createSigner } from '../../chain/signer.ts'
import { DEV_CHAIN_ID, DEV_DEPLOYER, DEV_TREASURY_KEY } from '../../chain/networks.ts'
import { chainDefinition } from '../../chain/viem.ts'
import type { Db } from '../../platform/db/client.ts'
import type { Jobs } from '../../platform/jobs/jobs.ts'
import { AppError } from '../../platform/rpc/app-error.ts'
import { ASSETS, ledger, SYSTEM } from './ledger.ts'
import { payoutRepo, type PayoutRow } from './payout.repo.ts'
import { payoutWorker } from './payout.worker.ts'
import type { EarnSettings } from './settings.ts'
import { walletReads } from '../wallet/index.ts'

const KNT_DECIMALS = ASSETS.knt
/** The dev chain's treasury is topped up from the deployer below this, to 10× it. */
const DEV_TREASURY_FLOOR = 1_000_000n * 10n ** 18n

function payoutView(p: PayoutRow): wallet.Payout {
  return {
    id: p.id,
    amount: formatUnits(BigInt(p.amount), KNT_DECIMALS),
    address: p.toAddress,
    status: p.status as wallet.Payout['status'],
    hash: p.hash,
    created_at: p.createdAt.toISOString(),
  }
}

const unavailable = () => new AppError('COLLECT_UNAVAILABLE')

/** The job that signs, broadcasts and settles payouts: sent after a collect, at start and every minute. */
export const PAYOUT_JOB = 'earn.payout'
/** Payout jobs share one key: a collect while one waits adds nothing (that one pays it too). */
export const PAYOUT_KEY = 'sweep'

/**
 * /v1/collect: KNT from the ledger to the user's current wallet. The request debits the
 * ledger into `system:payouts` (idempotent on the user's request id) and queues the payout;
 * the `earn.payout` job signs with the treasury key, broadcasts, and settles or refunds it.
 */
export function payoutService(deps: {
  db: Db
  chain: ChainClient
  settings: EarnSettings
  treasuryKey: Hex | undefined
  /** The node's JSON-RPC url (the dev chain's deployer tops the treasury up through it). */
  rpcUrl: string
  jobs: Jobs
  log: { warn(details: object, message: string): void }
}) {
  const { db, chain, settings } = deps
  const repo = payoutRepo(db)
  const treasury = deps.treasuryKey ? privateKeyToAccount(deps.treasuryKey) : undefined
  const token = chain.tokens.find((t) => t.symbol === 'KNT')?.contract as Address | undefined
  const worker =
    treasury && token
      ? payoutWorker({
          db,
          chain,
          signer: createSigner({ db, chain, account: treasury }),
          token,
          pollMs: 1000,
          log: deps.log,
        })
      : undefined
  const devTreasury = chain.chainId === DEV_CHAIN_ID && deps.treasuryKey === DEV_TREASURY_KEY

  /** KNT and BNB the treasury holds; on the dev chain the deployer tops it up first. */
  async function treasuryFunds(owner: Address, kntToken: Address): Promise<[bigint, bigint]> {
    const [knt = 0n, bnb = 0n] = await chain.balances(owner, [kntToken, null])
    if (!devTreasury || knt >= DEV_TREASURY_FLOOR) return [knt, bnb]
    const deployer = createWalletClient({
      account: DEV_DEPLOYER,
      chain: chainDefinition(chain.chainId, deps.rpcUrl, chain.multicall),
      transport: http(deps.rpcUrl),
    })
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [owner, DEV_TREASURY_FLOOR * 10n],
    })
    await deployer.sendTransaction({ to: kntToken, data })
    return [knt + DEV_TREASURY_FLOOR * 10n, bnb]
  }

  return {
    worker,

    async collect(userId: number, p: Params<typeof wallet.collect>) {
      const amount = parseUnits(p.amount, KNT_DECIMALS)
      if (amount <= 0n) throw new AppError('AMOUNT_INVALID', { field: 'amount' })
      if (amount < parseUnits((await settings.get()).collect_min_knt, KNT_DECIMALS))
        throw new AppError('COLLECT_TOO_SMALL', { field: 'amount' })
      const earlier = await repo.byRequest(userId, p.request_id)
      if (earlier) return { payout: payoutView(earlier) }
      const current = await walletReads(db).current(userId)
      if (!current) throw new AppError('WALLET_NOT_FOUND')
      // KNT goes only to an address this account proved it holds (docs/adr/2026-11-28-proof-of-control.md)
      if (!current.provenAt) throw new AppError('WALLET_UNPROVEN')
      const { address } = current
      if (!treasury || !token || !worker) throw unavailable()
      if ((await ledger(db).balance(userId, 'knt')) < amount)
        throw new AppError('INSUFFICIENT_BALANCE', { field: 'amount' })
      const owner = treasury.address.toLowerCase()
      let funds: [bigint, bigint]
      try {
        funds = await treasuryFunds(treasury.address, token)
      } catch {
        throw unavailable()
      }
      const [knt, bnb] = funds
      if (bnb === 0n) throw unavailable()

      const payout = await db.transaction(async (tx) => {
        const txRepo = payoutRepo(tx)
        // Checked under the lock: concurrent collects cannot together promise more than the treasury holds.
        await txRepo.lockCommitments(chain.chainId)
        const earlier = await txRepo.byRequest(userId, p.request_id)
        if (earlier) return earlier
        if (knt < (await txRepo.owed(chain.chainId, owner)) + amount) throw unavailable()
        const created = await txRepo.insert({
          userId,
          requestId: p.request_id,
          amount: amount.toString(),
          toAddress: address,
          chainId: chain.chainId,
          treasury: owner,
        })
        if (!created) return (await txRepo.byRequest(userId, p.request_id))!
        await ledger(tx).debit(userId, 'knt', amount, SYSTEM.payouts, `payout:${created.id}`, 'payout', {
          payout_id: created.id,
          account: address,
        })
        return created
      })
      // queued and committed: a failed send leaves it to the next minute's sweep
      await deps.jobs.send(PAYOUT_JOB, {}, { key: PAYOUT_KEY }).catch((error: unknown) => {
        deps.log.warn({ err: error, payout: payout.id }, 'payout job not sent; the sweep pays it')
      })
      return { payout: payoutView(payout) }
    },
  }
}
export type PayoutService = ReturnType<typeof payoutService>
