import { formatNumber } from '@kinetic/protocol'
import { formatUnits } from 'viem'
import type { ListedToken } from '../../chain/chain.ts'
import type { TransferRow } from '../../chain/indexer.repo.ts'
import type { Db } from '../../platform/db/client.ts'
import { messageUrl, postSystemMessage, systemMessage, type PushService } from '../content/index.ts'
import { NATIVE_COIN } from './wallet.context.ts'
import { transactionSenders } from './transfers.repo.ts'
import { addressOwners } from './wallets.repo.ts'

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`

/** Decimals a received amount is shown with at most (as the app's amounts: grouped, trailing zeros dropped). */
const SHOWN_DECIMALS = 8

/** An amount as the messages write it: `1,000`, `0.12345679` (one form in every language: digits grouped by comma). */
export function messageAmount(amount: bigint, decimals: number): string {
  const text = formatNumber(formatUnits(amount, decimals), SHOWN_DECIMALS)
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text
}

/**
 * The indexer's hook on confirmed transfers (`onConfirmed`, inside its transaction): each
 * successful transfer into a user's live wallet from an address that is not theirs posts them
 * a "transfer received" message, and once queued a push. A token the app does not list is
 * not news (anyone can send any token; a scam token's name is not repeated to the user), nor
 * is what comes back from a transaction the wallet sent itself (a swap's output, a router's
 * payout, a refund): only funds someone else sent are received.
 */
export function transfersReceived(deps: { tokens: readonly ListedToken[]; push?: Pick<PushService, 'notify'> }) {
  const tokens = new Map(deps.tokens.map((t) => [t.contract.toLowerCase(), t]))
  return async (tx: Db, transfers: TransferRow[]): Promise<void> => {
    const incoming = transfers.filter(
      (t) => t.status === 'success' && BigInt(t.amount) > 0n && (t.token === null || tokens.has(t.token ?? '')),
    )
    if (incoming.length === 0) return
    const addresses = [...new Set(incoming.flatMap((t) => [t.toAddress, t.fromAddress]))]
    const owners = await addressOwners(tx, addresses)
    const sentBy = await transactionSenders(tx, incoming[0]?.chainId ?? 0, [...new Set(incoming.map((t) => t.hash))])
    for (const t of transfers) if (t.logIndex === -1) sentBy.set(t.hash, t.fromAddress)
    for (const t of incoming) {
      const senders = new Set(owners.get(t.fromAddress) ?? [])
      const coin = t.token ? tokens.get(t.token) : NATIVE_COIN
      if (!coin) continue
      // the wallet's own transaction paid it back (a swap leg, a payout): not news
      if (sentBy.get(t.hash) === t.toAddress) continue
      for (const userId of owners.get(t.toAddress) ?? []) {
        // between one's own wallets: nothing was received
        if (senders.has(userId)) continue
        const message = systemMessage('transferReceived', {
          amount: messageAmount(BigInt(t.amount), coin.decimals),
          symbol: coin.symbol,
          wallet: short(t.toAddress),
          from: short(t.fromAddress),
        })
        const id = await postSystemMessage(tx, userId, message)
        await deps.push?.notify(userId, {
          kind: 'transfer',
          title: message.title,
          body: message.content,
          url: messageUrl(id),
        })
      }
    }
  }
}
