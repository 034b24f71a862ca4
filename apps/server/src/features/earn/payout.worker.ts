import { encodeFunctionData, erc20Abi, type Address, type Hex } from 'viem'
import { ChainRejected, ChainUnavailable } from '../../chain/chain.ts'
import type { ChainClient } from '../../chain/client.ts'
import type { Fate, SignedRow, Signer } from '../../chain/signer.ts'
import type { Db } from '../../platform/db/client.ts'
import { ledger, SYSTEM, userAccount } from './ledger.ts'
import { payoutRepo, type PayoutRow } from './payout.repo.ts'

interface Log {
  warn(details: object, message: string): void
}

/** The signer's name for a payout's transaction(s). */
const purposeOf = (p: PayoutRow) => `payout:${p.id}`

/**
 * Signs, broadcasts and confirms queued payouts, through the treasury key's one signer
 * (chain/signer.ts): a payout's raw transaction is kept (and the payout marked `sent` in the
 * same transaction) before it is broadcast; afterwards only those bytes are sent again, or a
 * replacement with the same nonce. A payout goes back to `queued` (to be signed with a new
 * nonce) only when the signer proved its transaction absent; a lookup that fails leaves it
 * `sent`. Confirmation and refund are ledger postings with their own keys
 * (`payout:<id>:paid`, `payout:<id>:refund`) guarded by a status compare-and-set.
 */
export function payoutWorker(deps: {
  db: Db
  chain: ChainClient
  /** The treasury key's signer: it pays from `signer.address`. */
  signer: Signer
  token: Address
  pollMs: number
  log: Log
}) {
  const { db, chain, signer, token, log } = deps
  const chainId = chain.chainId
  const treasuryAddress = signer.address.toLowerCase()
  const repo = payoutRepo(db)

  /** The chain paid it (with `tx`): the KNT leaves the ledger (payouts → treasury). */
  const confirm = (p: PayoutRow, tx: SignedRow) =>
    db.transaction(async (dbTx) => {
      const signed = { nonce: tx.nonce, hash: tx.hash, raw: tx.raw }
      if (!(await payoutRepo(dbTx).transition(p.id, 'sent', 'confirmed', '', signed))) return
      await ledger(dbTx).post({
        key: `payout:${p.id}:paid`,
        kind: 'payout',
        memo: { payout_id: p.id, hash: tx.hash },
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
   * Signs the oldest queued payout (kept with it marked `sent`) and broadcasts it; undefined
   * when none is queued or another instance is signing. A failed estimate refunds it.
   */
  async function signNext(): Promise<PayoutRow | undefined> {
    for (;;) {
      const payout = await repo.nextQueued(chainId, treasuryAddress)
      if (!payout) return undefined
      const data = encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transfer',
        args: [payout.toAddress as Address, BigInt(payout.amount)],
      })
      let signed: Awaited<ReturnType<typeof signer.sign>>
      try {
        signed = await signer.sign({ purpose: purposeOf(payout), to: token, data }, (tx, row) =>
          payoutRepo(tx).markSent(payout.id, { nonce: row.nonce, hash: row.hash, raw: row.raw }),
        )
      } catch (error) {
        if (!(error instanceof ChainRejected)) throw error
        await refund(payout, 'queued', error.reason)
        return payout
      }
      if (signed === 'busy') return undefined
      // 'discarded': another instance signed this payout meanwhile; on to the next
      if (signed === 'discarded') continue
      await signer.broadcast(signed)
      return payout
    }
  }

  /** Confirms or refunds settled payouts, queues again those proven absent; the number still open. */
  async function settleSent(): Promise<number> {
    let open = 0
    for (const p of await repo.sent(chainId, treasuryAddress)) {
      // bytes signed before the signer kept every transaction are kept now
      if (p.raw) await signer.adopt(purposeOf(p), p.raw as Hex)
      let fate: Fate
      try {
        fate = await signer.fate(purposeOf(p))
      } catch (error) {
        if (!(error instanceof ChainUnavailable)) throw error
        // a failed lookup proves nothing: it stays sent and is looked up again
        log.warn({ err: error, payout: p.id }, 'payout receipt lookup failed; retrying')
        open++
        continue
      }
      if (fate.state === 'mined' && fate.success) await confirm(p, fate.tx)
      else if (fate.state === 'mined') await refund(p, 'sent', 'reverted')
      else if (fate.state === 'refused') await refund(p, 'sent', fate.reason)
      // proven never to be mined: signed again, with a new nonce
      else if (fate.state === 'absent') await repo.transition(p.id, 'sent', 'queued')
      else open++
    }
    return open
  }

  async function pass(): Promise<number> {
    await settleSent()
    // what is signed already goes first: a newer nonce must not reach the node before it
    await signer.resend()
    while (await signNext());
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
