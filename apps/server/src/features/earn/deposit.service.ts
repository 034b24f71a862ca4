import type { earn, Result } from '@kinetic/protocol'
import { formatUnits, getAddress, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { DEV_CHAIN_ID, hardhatAddresses } from '../../chain/networks.ts'
import type { Chain } from '../../chain/chain.ts'
import type { BlockRef, TransferRow } from '../../chain/indexer.repo.ts'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/rpc/app-error.ts'
import { addressOwners, pendingTokenTransfers, publicNetwork, walletReads } from '../wallet/index.ts'
import { depositRepo, type DepositRow } from './deposit.repo.ts'
import { ASSETS, ledger, SYSTEM } from './ledger.ts'

type Deposit = Result<typeof earn.deposits>['list'][number]

/** The ledger posting of a deposit: once per transfer, whoever credits it (indexer or operator). */
export const depositKey = (row: Pick<DepositRow, 'chainId' | 'hash' | 'logIndex'>) =>
  `deposit:${row.chainId}:${row.hash}:${row.logIndex}`

const view = (row: DepositRow): Deposit => ({
  id: row.id,
  hash: row.hash,
  log_index: row.logIndex,
  from: getAddress(row.fromAddress),
  amount: formatUnits(BigInt(row.amount), ASSETS.knt),
  status: row.status as Deposit['status'],
  held_reason: (row.heldReason ?? null) as Deposit['held_reason'],
  block_number: row.blockNumber,
  time: row.createdAt.toISOString(),
})

/**
 * Posts the deposit to `userId` (once per key). A deposit the operator reversed (its first
 * credit taken back) is credited again under a key of its own.
 */
async function credit(tx: Db, row: DepositRow, userId: number): Promise<void> {
  const key = row.heldReason === 'reversed' ? `${depositKey(row)}:recredit` : depositKey(row)
  await ledger(tx).reward(userId, 'knt', BigInt(row.amount), key, 'deposit', {
    hash: row.hash,
    log_index: row.logIndex,
    from: row.fromAddress,
  })
}

/**
 * Addresses whose transfers are credited to no one (docs/adr/2026-11-28-proof-of-control.md):
 * the payout signer, the listed treasury funders and, on the dev chain, every account of the
 * Hardhat phrase (all their keys are public, the dev treasury's included). Lower-case.
 */
export function systemAddresses(
  chainId: number,
  treasuryKey: Hex | undefined,
  funders: readonly string[],
): Set<string> {
  return new Set([
    ...(chainId === DEV_CHAIN_ID ? hardhatAddresses() : []),
    ...(treasuryKey ? [privateKeyToAccount(treasuryKey).address.toLowerCase()] : []),
    ...funders.map((a) => a.toLowerCase()),
  ])
}

type Held = NonNullable<Deposit['held_reason']>

/**
 * Who a deposit from an address goes to: the one account that proved control of it, else held
 * — `system` for a system address, `shared` when several accounts proved it, `unproven` when
 * only wallets stored before proofs hold it (credited once one proves it), `foreign` otherwise.
 */
function decide(system: boolean, proven: number[], holders: number[]): { to: number } | { held: Held } {
  if (system) return { held: 'system' }
  const [only] = proven
  if (proven.length === 1 && only !== undefined) return { to: only }
  if (proven.length > 1) return { held: 'shared' }
  return { held: holders.length > 0 ? 'unproven' : 'foreign' }
}

/**
 * Wallet KNT in (docs/adr/2026-11-24-knt-deposits.md, docs/adr/2026-11-28-proof-of-control.md):
 * KNT Transfers to the treasury, as the indexer confirms them, become in-app KNT of the one
 * account that proved control of the sender; anything else is held for the operator. Without a
 * treasury key or a KNT contract on this chain there are no deposits (`treasury` is undefined).
 */
export function depositService(deps: {
  db: Db
  chain: Pick<Chain, 'chainId' | 'explorer'>
  treasuryKey: Hex | undefined
  /** The KNT contract on this chain. */
  token: string | undefined
  /** `TREASURY_FUNDERS` (config): their transfers are credited to no one. */
  funders?: readonly string[] | undefined
}) {
  const { db } = deps
  const { chainId } = deps.chain
  const system = systemAddresses(chainId, deps.treasuryKey, deps.funders ?? [])
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
    const senders = [...new Set(found.map((t) => t.fromAddress))]
    const [provers, holders] = await Promise.all([
      addressOwners(tx, senders, { provenOnly: true }),
      addressOwners(tx, senders),
    ])
    const repo = depositRepo(tx)
    for (const t of found) {
      const decided = decide(
        system.has(t.fromAddress),
        provers.get(t.fromAddress) ?? [],
        holders.get(t.fromAddress) ?? [],
      )
      const to = 'to' in decided ? decided.to : null
      const row = await repo.insert({
        chainId,
        hash: t.hash,
        logIndex: t.logIndex,
        blockNumber: t.blockNumber ?? 0,
        fromAddress: t.fromAddress,
        amount: t.amount,
        status: to === null ? 'held' : 'credited',
        heldReason: 'held' in decided ? decided.held : null,
        creditedTo: to,
      })
      // recorded before (a re-indexed block after a reorg): its state stays as it is
      if (row && to !== null) await credit(tx, row, to)
    }
  }

  /**
   * Inside the transaction where `userId` first proved `address` (lower-case): the deposits held
   * as unproven from it are credited to them when they are now its only prover.
   */
  async function onProven(tx: Db, userId: number, address: string): Promise<void> {
    if (system.has(address)) return
    const provers = (await addressOwners(tx, [address], { provenOnly: true })).get(address) ?? []
    if (provers.length !== 1 || provers[0] !== userId) return
    const repo = depositRepo(tx)
    for (const row of await repo.lockUnproven(chainId, address, userId)) {
      await credit(tx, row, userId)
      await repo.settle(row.id, 'credited', userId)
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
    onProven,

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
        // shown and copied: EIP-55
        treasury: getAddress(treasury),
        token: getAddress(token),
        network: publicNetwork(deps.chain),
        list: [
          ...pending
            .filter((t) => !seen.has(t.hash))
            .map((t): Deposit => ({
              id: null,
              hash: t.hash,
              log_index: null,
              from: getAddress(t.fromAddress),
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

    /**
     * The operator's one-off repair (docs/adr/2026-11-28-proof-of-control.md): deposits credited
     * (before proofs) to an account that never proved the sending address, oldest first.
     */
    async creditedUnproven(page: number, limit: number) {
      const { rows, total } = await depositRepo(db).creditedUnproven(page, limit)
      return {
        list: rows.map((row) => ({ ...view(row), id: row.id, chain_id: row.chainId, credited_to: row.creditedTo })),
        total,
        page,
        limit,
      }
    },

    /**
     * Repairs one deposit of that listing. `hold`: held as unproven, the credit kept (its account
     * keeps the KNT; its proof of the address, or the operator, settles it). `reverse`: the KNT
     * goes back from the account to the treasury and the deposit is held as reversed (to credit
     * to its rightful account or return on chain) — never below zero: when the account no longer
     * has that KNT (staked, spent, collected) nothing is taken, it is held with the credit kept,
     * and `reversed` is false.
     */
    async repairUnproven(id: number, action: 'hold' | 'reverse') {
      return db.transaction(async (tx) => {
        const repo = depositRepo(tx)
        const row = await repo.lockCreditedUnproven(id)
        if (!row || row.creditedTo === null) throw new AppError('DEPOSIT_NOT_FOUND', { field: 'id' })
        const userId = row.creditedTo
        if (action === 'reverse') {
          const reversed = await ledger(tx)
            .debit(
              userId,
              'knt',
              BigInt(row.amount),
              SYSTEM.treasury,
              `${depositKey(row)}:reversal`,
              'deposit_reversal',
              {
                hash: row.hash,
                log_index: row.logIndex,
                from: row.fromAddress,
              },
            )
            .then((posted) => posted.created)
            .catch((error: unknown) => {
              if (error instanceof AppError && error.code === 'INSUFFICIENT_BALANCE') return false
              throw error
            })
          if (reversed) return { deposit: view(await repo.hold(id, 'reversed', null)), reversed: true, user_id: userId }
        }
        return { deposit: view(await repo.hold(id, 'unproven', userId)), reversed: false, user_id: userId }
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
