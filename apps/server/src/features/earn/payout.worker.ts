import { encodeFunctionData, erc20Abi, keccak256, type Address, type Hex, type PrivateKeyAccount } from 'viem'
import { ChainRejected } from '../../chain/chain.ts'
import type { ChainClient } from '../../chain/client.ts'
import { recordPending } from '../../chain/indexer.repo.ts'
import { pendingTransfer } from '../../chain/pending.ts'
import type { Db } from '../../platform/db/client.ts'
import { ledger, SYSTEM, userAccount } from './ledger.ts'
import { payoutRepo, type PayoutRow } from './payout.repo.ts'

const NONCE_TOO_HIGH = /nonce too high/i

interface Log {
  warn(details: object, message: string): void
}

/**
 * Signs, broadcasts and confirms queued payouts. Exactly once across instances: a payout's
 * raw transaction and nonce are saved under the signer's advisory lock (compare-and-set, see
 * signNext) and committed before it is broadcast, so a crash re-broadcasts the same bytes
 * rather than signing again. Confirmation and refund are ledger postings with their own keys
 * (`payout:<id>:paid`, `payout:<id>:refund`) guarded by a status compare-and-set.
 */
export function payoutWorker(deps: {
  db: Db
  chain: ChainClient
  treasury: PrivateKeyAccount
  token: Address
  pollMs: number
  log: Log
}) {
  const { db, chain, treasury, token, log } = deps
  const chainId = chain.chainId
  const treasuryAddress = treasury.address.toLowerCase()
  const repo = payoutRepo(db)

  /** The chain paid it: the KNT leaves the ledger (payouts → treasury). */
  const confirm = (p: PayoutRow) =>
    db.transaction(async (tx) => {
      if (!(await payoutRepo(tx).transition(p.id, 'sent', 'confirmed'))) return
      await ledger(tx).post({
        key: `payout:${p.id}:paid`,
        kind: 'payout',
        memo: { payout_id: p.id, hash: p.hash },
        lines: [
          { owner: SYSTEM.payouts, asset: 'knt', amount: -BigInt(p.amount) },
          { owner: SYSTEM.treasury, asset: 'knt', amount: BigInt(p.amount) },
        ],
      })
    })

  /** It cannot be paid: the user gets the KNT back, once. */
  const refund = (p: PayoutRow, from: string, reason: string) =>
    db.transaction(async (tx) => {
      if (!(await payoutRepo(tx).transition(p.id, from, 'failed', reason))) return
      await ledger(tx).post({
        key: `payout:${p.id}:refund`,
        kind: 'refund',
        memo: { payout_id: p.id },
        lines: [
          { owner: SYSTEM.payouts, asset: 'knt', amount: -BigInt(p.amount) },
          { owner: userAccount(p.userId), asset: 'knt', amount: BigInt(p.amount) },
        ],
      })
    })

  /**
   * Signs the oldest queued payout with the next nonce; undefined when none is queued or
   * another instance is signing. No pooled connection waits on the node: the node is asked
   * (nonce, gas, gas price) between two short transactions under the signer's lock, and the
   * second saves the raw transaction and its nonce only if nothing moved meanwhile (the payout
   * still queued, no nonce signed since); otherwise it signs again. The raw transaction is
   * committed before it is broadcast, so a crash re-broadcasts the same bytes.
   */
  async function signNext(): Promise<PayoutRow | undefined> {
    for (;;) {
      const seen = await db.transaction(async (tx) => {
        const txRepo = payoutRepo(tx)
        if (!(await txRepo.trySignerLock(chainId))) return undefined
        const payout = await txRepo.nextQueued(chainId, treasuryAddress)
        return payout && { payout, highest: await txRepo.highestNonce(chainId, treasuryAddress) }
      })
      if (!seen) return undefined
      const { payout, highest } = seen
      const data = encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transfer',
        args: [payout.toAddress as Address, BigInt(payout.amount)],
      })
      const nonce = Math.max(await chain.nonce(treasury.address), highest === undefined ? 0 : highest + 1)
      let gas: bigint
      try {
        gas = await chain.estimateGas({ from: treasury.address, to: token, data })
      } catch (error) {
        if (!(error instanceof ChainRejected)) throw error
        await refund(payout, 'queued', error.reason)
        return payout
      }
      const raw = await treasury.signTransaction({
        chainId,
        nonce,
        to: token,
        data,
        gas: (gas * 12n) / 10n,
        gasPrice: await chain.gasPrice(),
        type: 'legacy',
      })
      const signed = { nonce, hash: keccak256(raw), raw }
      const saved = await db.transaction(async (tx) => {
        const txRepo = payoutRepo(tx)
        if (!(await txRepo.trySignerLock(chainId))) return false
        if ((await txRepo.highestNonce(chainId, treasuryAddress)) !== highest) return false
        return txRepo.markSent(payout.id, signed)
      })
      if (saved) return { ...payout, status: 'sent', ...signed }
      // another signer moved on in between (or holds the lock now): those bytes are never sent
    }
  }

  /** Broadcasts a signed payout (again, after a crash: the same bytes) and records it for the wallet history. */
  async function broadcast(p: PayoutRow): Promise<void> {
    const raw = p.raw as Hex
    try {
      await chain.sendRawTransaction(raw)
    } catch (error) {
      if (!(error instanceof ChainRejected)) throw error
      if (error.reason === 'already known') return
      if (await receiptOf(p)) return
      if (NONCE_TOO_HIGH.test(error.reason)) {
        // a lower nonce of ours is not on the node yet (signed by a process that died before
        // sending it, before the node went away, or by another instance sending right now): it
        // is sent again in nonce order and this one after it; with none left, sign it again
        if (!(await lowerNonceSent(p))) await repo.transition(p.id, 'sent', 'queued')
        return
      }
      // its nonce went to another transaction: sign it again; any other refusal is final
      if (error.reason === 'nonce too low') await repo.transition(p.id, 'sent', 'queued')
      else await refund(p, 'sent', error.reason)
      return
    }
    await recordPending(db, await pendingTransfer(chainId, raw))
  }

  async function lowerNonceSent(p: PayoutRow): Promise<boolean> {
    const nonce = p.nonce ?? 0
    return (await repo.sent(chainId, treasuryAddress)).some((o) => o.nonce !== null && o.nonce < nonce)
  }

  async function receiptOf(p: PayoutRow) {
    try {
      return await chain.client.getTransactionReceipt({ hash: p.hash as Hex })
    } catch {
      return undefined
    }
  }

  /** Confirms or refunds mined payouts, re-broadcasts the others; the number still open. */
  async function settleSent(): Promise<number> {
    let open = 0
    for (const p of await repo.sent(chainId, treasuryAddress)) {
      const receipt = await receiptOf(p)
      if (receipt?.status === 'success') await confirm(p)
      else if (receipt) await refund(p, 'sent', 'reverted')
      else {
        await broadcast(p)
        open++
      }
    }
    return open
  }

  async function pass(): Promise<number> {
    // what is signed already goes first: a newer nonce must not reach the node before it
    await settleSent()
    for (let p = await signNext(); p; p = await signNext()) if (p.status === 'sent') await broadcast(p)
    return settleSent()
  }

  let running: Promise<void> | undefined
  let again = false
  let stopped = false
  let wake: (() => void) | undefined
  const sleep = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, deps.pollMs)
      wake = () => {
        clearTimeout(timer)
        resolve()
      }
    })

  return {
    /**
     * One pass: settles what was sent, signs and broadcasts what is queued; the number of
     * payouts still open (sent, not mined yet). The app runs it as the `earn.payout` job.
     */
    pass,

    /** Runs passes until nothing is left open, polling for receipts (a driver outside the jobs: tests). */
    kick(): Promise<void> {
      if (running) {
        again = true
        return running
      }
      running = (async () => {
        let open = 0
        do {
          again = false
          try {
            open = await pass()
          } catch (error) {
            log.warn({ err: error }, 'payout pass failed; retrying')
            open = 1
          }
          if (open > 0 && !again && !stopped) await sleep()
        } while ((again || open > 0) && !stopped)
      })().finally(() => {
        running = undefined
      })
      return running
    },

    async stop(): Promise<void> {
      stopped = true
      wake?.()
      await running
    },
  }
}
export type PayoutWorker = ReturnType<typeof payoutWorker>
