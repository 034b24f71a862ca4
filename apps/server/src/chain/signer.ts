import {
  keccak256,
  parseTransaction,
  TransactionReceiptNotFoundError,
  type Address,
  type Hash,
  type Hex,
  type PrivateKeyAccount,
  type TransactionSerialized,
} from 'viem'
import type { Db } from '../platform/db/client.ts'
import { ChainRejected } from './chain.ts'
import type { ChainClient } from './client.ts'
import { reading } from './errors.ts'
import { recordPending } from './indexer.repo.ts'
import { pendingTransfer } from './pending.ts'
import { signerRepo, type SignedRow } from './signer.repo.ts'

export type { SignedRow } from './signer.repo.ts'

/** What became of the transaction(s) signed for one purpose. */
export type Fate =
  | { state: 'mined'; tx: SignedRow; success: boolean }
  /** Signed and possibly on its way: wait (its bytes are sent again). */
  | { state: 'open' }
  /** Proven never to be mined: it may be signed again, with a new nonce. */
  | { state: 'absent' }
  | { state: 'refused'; reason: string }

export interface TxRequest {
  /** What it is for (`payout:<id>`): the transactions of one purpose are settled together. */
  purpose: string
  to: Address
  data?: Hex
  value?: bigint
}

/** A 0-value transfer to itself that takes a nonce nothing else of ours holds. */
const FILLER = 'filler'
const FILLER_GAS = 21_000n

/** Refusals that change nothing: the bytes may be (or have been) mined as they are. */
const WAIT = new Set(['already known', 'nonce too low', 'replacement transaction underpriced'])

class Discarded extends Error {}

/**
 * The one signer of a server key (payouts today): one nonce discipline for every transaction
 * it sends. Nonces come from one place, under the key's advisory lock: past every nonce it
 * kept that may still be mined, and past the node's pending count. Every signed transaction
 * is kept (raw, hash, nonce) before it is broadcast, and afterwards only its bytes are sent
 * again. A transaction is given up for another nonce only when proven absent: a receipt
 * lookup that answered not-found at a head at least `confirmations` past the block where the
 * key's mined nonce was first seen past it. A lookup that fails proves nothing and changes
 * nothing. A replacement (the node found the gas price too low) reuses the same nonce.
 */
export function createSigner(deps: { db: Db; chain: ChainClient; account: PrivateKeyAccount }) {
  const { db, chain, account } = deps
  const chainId = chain.chainId
  const repo = (d: Db = db) => signerRepo(d, chainId, account.address.toLowerCase())

  /**
   * Signs `request` with the next nonce (or `fixed.nonce`: a replacement or a filler) and keeps
   * it; `keep` runs in the same transaction (the caller's own compare-and-set) and false
   * discards it. The node is asked (nonce, gas, gas price) between two short transactions under
   * the key's lock; the second saves only if nothing was signed meanwhile, otherwise it signs
   * again. 'busy': another instance is signing. Throws ChainRejected when the estimate fails.
   */
  async function sign(
    request: TxRequest,
    keep?: (tx: Db, signed: SignedRow) => Promise<boolean>,
    fixed?: { nonce: number; gas: bigint; minGasPrice: bigint },
  ): Promise<SignedRow | 'busy' | 'discarded'> {
    for (;;) {
      const seen = await db.transaction(async (tx) => ((await repo(tx).tryLock()) ? repo(tx).mark() : undefined))
      if (!seen) return 'busy'
      const next = seen.highest === undefined ? 0 : seen.highest + 1
      const nonce = fixed?.nonce ?? Math.max(await chain.nonce(account.address), next)
      const gas =
        fixed?.gas ??
        ((await chain.estimateGas({
          from: account.address,
          to: request.to,
          value: request.value,
          data: request.data,
        })) *
          12n) /
          10n
      const price = await chain.gasPrice()
      const gasPrice = fixed && fixed.minGasPrice > price ? fixed.minGasPrice : price
      const raw = await account.signTransaction({
        chainId,
        nonce,
        to: request.to,
        data: request.data,
        value: request.value,
        gas,
        gasPrice,
        type: 'legacy',
      })
      try {
        const saved = await db.transaction(async (tx) => {
          const txRepo = repo(tx)
          if (!(await txRepo.tryLock())) return 'busy'
          if ((await txRepo.mark()).newest !== seen.newest) return undefined
          const row = await txRepo.insert({ nonce, hash: keccak256(raw), raw, purpose: request.purpose })
          if (!row || (keep && !(await keep(tx, row)))) throw new Discarded()
          return row
        })
        if (saved) return saved
      } catch (error) {
        if (error instanceof Discarded) return 'discarded'
        throw error
      }
      // another signature was kept in between: these bytes are never sent
    }
  }

  /** Keeps bytes signed before this signer kept them all (a payout signed by an older version). */
  async function adopt(purpose: string, raw: Hex): Promise<void> {
    const { nonce } = parseTransaction(raw as TransactionSerialized)
    await repo().insert({ nonce: nonce ?? 0, hash: keccak256(raw), raw, purpose })
  }

  /** Sends kept bytes; 'gap' when the node waits for a lower nonce first. */
  async function broadcast(row: SignedRow): Promise<'gap' | undefined> {
    const raw = row.raw as Hex
    try {
      await chain.sendRawTransaction(raw)
    } catch (error) {
      if (!(error instanceof ChainRejected)) throw error
      // 'nonce too low': its nonce is spent, by this transaction or another (the receipts tell,
      // see fate); 'replacement transaction underpriced': one with its nonce waits in the pool
      if (WAIT.has(error.reason)) return undefined
      if (error.reason === 'nonce too high') return 'gap'
      if (error.reason === 'transaction underpriced') await replace(row)
      else await repo().settle(row.id, 'refused', error.reason)
      return undefined
    }
    await recordPending(db, await pendingTransfer(chainId, raw))
    return undefined
  }

  /** The same transaction with the same nonce at a gas price the node takes; both stay open. */
  async function replace(row: SignedRow): Promise<void> {
    // one replacement at a time: a newer one with its nonce is sent (and replaced) instead
    if ((await repo().open()).some((r) => r.nonce === row.nonce && r.id > row.id)) return
    const tx = parseTransaction(row.raw as TransactionSerialized)
    const signed = await sign({ purpose: row.purpose, to: tx.to!, data: tx.data, value: tx.value }, undefined, {
      nonce: row.nonce,
      gas: tx.gas ?? FILLER_GAS,
      minGasPrice: ((tx.gasPrice ?? 0n) * 11n) / 10n + 1n,
    })
    if (typeof signed === 'object') await broadcast(signed)
  }

  /** Fills each nonce below an open transaction's that nothing of ours holds, so the node mines it. */
  async function fillGaps(): Promise<void> {
    const open = await repo().open()
    const taken = new Set(open.map((r) => r.nonce))
    const top = Math.max(...open.map((r) => r.nonce))
    for (let nonce = await chain.nonce(account.address); nonce < top; nonce++) {
      if (taken.has(nonce)) continue
      const filler = await sign({ purpose: FILLER, to: account.address, value: 0n }, undefined, {
        nonce,
        gas: FILLER_GAS,
        minGasPrice: 0n,
      })
      if (typeof filler === 'object') await broadcast(filler)
    }
  }

  async function receiptOf(hash: string) {
    return reading(() =>
      chain.client.getTransactionReceipt({ hash: hash as Hash }).catch((error: unknown) => {
        if (error instanceof TransactionReceiptNotFoundError) return undefined
        throw error
      }),
    )
  }

  /**
   * Looks the open transactions up: the first with a receipt is settled (and the others with
   * its nonce are absent), returned; the others whose nonce the key's mined count passed are
   * marked where it was seen, and absent once the head is `confirmations` past that. The head
   * is read before the lookups, so a not-found answer holds at least at that head. A failed
   * lookup throws ChainUnavailable and leaves everything as it was.
   */
  async function observe(rows: SignedRow[]): Promise<SignedRow | undefined> {
    const head = await chain.blockNumber()
    for (const row of rows) {
      const receipt = await receiptOf(row.hash)
      if (!receipt) continue
      const status = receipt.status === 'success' ? 'mined' : 'reverted'
      await db.transaction(async (tx) => {
        await repo(tx).settle(row.id, status)
        await repo(tx).supersede(row.nonce, row.id)
      })
      return { ...row, status }
    }
    const mined = await reading(() => chain.client.getTransactionCount({ address: account.address, blockNumber: head }))
    const passed = rows.filter((r) => r.nonce < mined)
    await repo().passed(
      passed.filter((r) => r.passedAt === null).map((r) => r.id),
      Number(head),
    )
    for (const row of passed) {
      if (row.passedAt !== null && Number(head) >= row.passedAt + chain.confirmations)
        await repo().settle(row.id, 'absent')
    }
    return undefined
  }

  return {
    address: account.address,
    sign,
    adopt,
    broadcast,

    /**
     * Sends every open transaction again, in nonce order (the same bytes); fills nonce gaps
     * and settles its fillers. Throws ChainUnavailable when the node does not answer.
     */
    async resend(): Promise<void> {
      const fillers = (await repo().open()).filter((r) => r.purpose === FILLER)
      for (const filler of fillers) await observe([filler])
      let gap = false
      for (const row of await repo().open()) if ((await broadcast(row)) === 'gap') gap = true
      if (gap) await fillGaps()
    },

    /** What became of `purpose`'s transactions (looked up now); throws ChainUnavailable on a failed lookup. */
    async fate(purpose: string): Promise<Fate> {
      const rows = await repo().ofPurpose(purpose)
      const done = rows.find((r) => r.status === 'mined' || r.status === 'reverted')
      if (done) return { state: 'mined', tx: done, success: done.status === 'mined' }
      const open = rows.filter((r) => r.status === 'open')
      if (open.length > 0) {
        const mined = await observe(open)
        if (mined) return { state: 'mined', tx: mined, success: mined.status === 'mined' }
      }
      const now = await repo().ofPurpose(purpose)
      if (now.some((r) => r.status === 'open')) return { state: 'open' }
      const refused = now.find((r) => r.status === 'refused')
      return refused ? { state: 'refused', reason: refused.error } : { state: 'absent' }
    },
  }
}
export type Signer = ReturnType<typeof createSigner>
