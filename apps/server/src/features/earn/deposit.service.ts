import type { earn, Result } from '@kinetic/protocol'
import { formatUnits, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { Chain } from '../../chain/chain.ts'
import type { BlockRef, TransferRow } from '../../chain/indexer.repo.ts'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/rpc/app-error.ts'
import { addressOwners, pendingTokenTransfers, publicNetwork, walletReads } from '../wallet/index.ts'
import { depositRepo, type DepositRow } from './deposit.repo.ts'
import { ASSETS, ledger } from './ledger.ts'

type Deposit = Result<typeof earn.deposits>['list'][number]

/** The ledger posting of a deposit: once per transfer, whoever credits it (indexer or operator). */
export const depositKey = (row: Pick<DepositRow, 'chainId' | 'hash' | 'logIndex'>) =>
  `deposit:${row.chainId}:${row.hash}:${row.logIndex}`

const view = (row: DepositRow): Deposit => ({
  id: row.id,
  hash: row.hash,
  log_index: row.logIndex,
  from: row.fromAddress,
  amount: formatUnits(BigInt(row.amount), ASSETS.knt),
  status: row.status as Deposit['status'],
  held_reason: (row.heldReason ?? null) as Deposit['held_reason'],
  block_number: row.blockNumber,
  time: row.createdAt.toISOString(),
})

async function credit(tx: Db, row: DepositRow, userId: number): Promise<void> {
  await ledger(tx).reward(userId, 'knt', BigInt(row.amount), depositKey(row), 'deposit', {
    hash: row.hash,
    log_index: row.logIndex,
    from: row.fromAddress,
  })
}

/**
 * Wallet KNT in (docs/adr/2026-11-24-knt-deposits.md): KNT Transfers to the treasury, as the
 * indexer confirms them, become in-app KNT of the one account whose wallets hold the sender;
 * anything else is held for the operator. Without a treasury key or a KNT contract on this
 * chain there are no deposits (`treasury` is undefined).
 */
export function depositService(deps: {
  db: Db
  chain: Pick<Chain, 'chainId' | 'explorer'>
  treasuryKey: Hex | undefined
  /** The KNT contract on this chain. */
  token: string | undefined
}) {
  const { db } = deps
  const { chainId } = deps.chain
  const treasury = deps.treasuryKey ? privateKeyToAccount(deps.treasuryKey).address.toLowerCase() : undefined
  const token = deps.token?.toLowerCase()
  const isDeposit = (t: TransferRow) =>
    t.chainId === chainId && t.logIndex >= 0 && t.status === 'success' && t.token === token && t.toAddress === treasury

  const open = treasury && token ? treasury : undefined

  /** Inside the indexer's commit: records (and credits) each confirmed KNT transfer to the treasury once. */
  async function onConfirmed(tx: Db, transfers: TransferRow[]): Promise<void> {
    if (!treasury || !token) return
    const found = transfers.filter(isDeposit)
    if (found.length === 0) return
    const owners = await addressOwners(tx, [...new Set(found.map((t) => t.fromAddress))])
    const repo = depositRepo(tx)
    for (const t of found) {
      const accounts = owners.get(t.fromAddress) ?? []
      const [only] = accounts
      const one = accounts.length === 1 && only !== undefined
      const row = await repo.insert({
        chainId,
        hash: t.hash,
        logIndex: t.logIndex,
        blockNumber: t.blockNumber ?? 0,
        fromAddress: t.fromAddress,
        amount: t.amount,
        status: one ? 'credited' : 'held',
        heldReason: one ? null : accounts.length === 0 ? 'foreign' : 'shared',
        creditedTo: one ? only : null,
      })
      // recorded before (a re-indexed block after a reorg): its state stays as it is
      if (row && one) await credit(tx, row, only)
    }
  }

  /** Inside the indexer's rollback: deposits above the fork are held, credits kept (never reversed silently). */
  async function onRollback(tx: Db, fork: BlockRef): Promise<void> {
    await depositRepo(tx).holdAbove(chainId, fork.number)
  }

  return {
    /** The treasury's lower-case address when deposits are open. */
    treasury: open,

    /**
     * What the chain indexer needs for deposits (main.ts hands it over; chain/ imports no
     * feature): the wallets' addresses plus the treasury, and the hooks below.
     */
    indexerHooks(wallets: () => Promise<string[]>) {
      return {
        tracked: async () => [...(await wallets()), ...(open ? [open] : [])],
        onConfirmed,
        onRollback,
      }
    },

    onConfirmed,
    onRollback,

    /** /v1/deposits: where to send, and the user's deposits (just broadcast ones as pending). */
    async list(userId: number, p: { chain_id?: number | undefined }): Promise<Result<typeof earn.deposits>> {
      if (!treasury || !token) throw new AppError('DEPOSIT_UNAVAILABLE')
      if (p.chain_id !== undefined && p.chain_id !== chainId)
        throw new AppError('DEPOSIT_WRONG_NETWORK', { field: 'chain_id' })
      const addresses = (await walletReads(db).addresses(userId)).map((a) => a.toLowerCase())
      const [rows, pending] = await Promise.all([
        depositRepo(db).forUser(userId, chainId, addresses),
        pendingTokenTransfers(db, userId, chainId, treasury, token),
      ])
      const seen = new Set(rows.map((r) => r.hash))
      return {
        treasury,
        token,
        network: publicNetwork(deps.chain),
        list: [
          ...pending
            .filter((t) => !seen.has(t.hash))
            .map((t): Deposit => ({
              id: null,
              hash: t.hash,
              log_index: null,
              from: t.fromAddress,
              amount: formatUnits(BigInt(t.amount), ASSETS.knt),
              status: 'pending',
              held_reason: null,
              block_number: null,
              time: t.createdAt.toISOString(),
            })),
          ...rows.map(view),
        ],
      }
    },

    /** The operator's queue of held deposits. */
    async held(page: number, limit: number) {
      const { rows, total } = await depositRepo(db).held(page, limit)
      return {
        list: rows.map((row) => ({ ...view(row), id: row.id, chain_id: row.chainId, credited_to: row.creditedTo })),
        total,
        page,
        limit,
      }
    },

    /**
     * The operator credits a held deposit to `userId` (once: the posting key is the transfer's).
     * A deposit a reorg held after crediting can only be confirmed for the account it went to.
     */
    async creditHeld(id: number, userId: number) {
      return db.transaction(async (tx) => {
        const repo = depositRepo(tx)
        const row = await repo.lockHeld(id)
        if (!row) throw new AppError('DEPOSIT_NOT_FOUND', { field: 'id' })
        if (row.creditedTo !== null && row.creditedTo !== userId)
          throw new AppError('DEPOSIT_ALREADY_CREDITED', { field: 'user_id' })
        await credit(tx, row, userId)
        return view(await repo.settle(id, 'credited', userId))
      })
    },

    /** The operator sent a held, never credited deposit back on chain: it is closed as returned. */
    async returnHeld(id: number) {
      return db.transaction(async (tx) => {
        const repo = depositRepo(tx)
        const row = await repo.lockHeld(id)
        if (!row) throw new AppError('DEPOSIT_NOT_FOUND', { field: 'id' })
        if (row.creditedTo !== null) throw new AppError('DEPOSIT_ALREADY_CREDITED', { field: 'id' })
        return view(await repo.settle(id, 'returned', null))
      })
    },
  }
}
export type DepositService = ReturnType<typeof depositService>
