import {
  decodeFunctionData,
  hexToBigInt,
  hexToNumber,
  numberToHex,
  pad,
  toEventSelector,
  type Hash,
  type Hex,
  type LogTopic,
  type PublicClient,
  type RpcLog,
  type Transaction,
  type TransactionReceipt,
} from 'viem'
import { ROUTER_ABI, WITHDRAWAL_TOPIC } from './dex.ts'
import type { ApprovalRow, TransferRow } from './indexer.repo.ts'
import type { Dex } from './networks.ts'

/** topic0 of `Transfer(address indexed from, address indexed to, uint256 value)` (ERC20/BEP20). */
export const TRANSFER_TOPIC = toEventSelector('Transfer(address,address,uint256)')
/** topic0 of `Approval(address indexed owner, address indexed spender, uint256 value)`. */
export const APPROVAL_TOPIC = toEventSelector('Approval(address,address,uint256)')

/** Addresses per eth_getLogs topic list (public BSC nodes refuse very long filters). */
const TOPIC_CHUNK = 100
/** JSON-RPC requests in flight at once while scanning. */
const CONCURRENCY = 8

export interface ScannedBlock {
  number: number
  hash: Hash
  parentHash: Hash
}

export interface Scan {
  /** The blocks read, each the parent of the next. */
  blocks: ScannedBlock[]
  /** One row per native value and per Transfer log touching a tracked address. */
  transfers: TransferRow[]
  /** One row per Approval log whose owner is tracked. */
  approvals: ApprovalRow[]
}

/** The chain changed under the scan (a reorg between two requests): scan again later. */
export class ChainMoved extends Error {
  constructor(what: string) {
    super(`the chain moved while scanning (${what})`)
    this.name = 'ChainMoved'
  }
}

async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      results[i] = await fn(items[i] as T)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

const addressTopic = (address: string): Hex => pad(address as Hex, { size: 32 }).toLowerCase() as Hex
const topicAddress = (topic: string) => `0x${topic.slice(26)}`.toLowerCase()

/**
 * Transfer logs of ANY contract whose `from` or `to` is tracked, over a block range: by topic,
 * not by token address, so a token nobody listed still shows in history. A log matching both
 * sides comes once. ERC721 Transfers share the topic but index the token id: they are skipped.
 */
async function transferLogs(client: PublicClient, from: number, to: number, tracked: string[]): Promise<RpcLog[]> {
  const filters: LogTopic[][] = []
  for (let i = 0; i < tracked.length; i += TOPIC_CHUNK) {
    const topics = tracked.slice(i, i + TOPIC_CHUNK).map(addressTopic)
    filters.push([TRANSFER_TOPIC, topics], [TRANSFER_TOPIC, null, topics])
  }
  const range = { fromBlock: numberToHex(from), toBlock: numberToHex(to) }
  const answers = await mapLimit(filters, CONCURRENCY, (topics) =>
    client.request({ method: 'eth_getLogs', params: [{ ...range, topics }] }),
  )
  const unique = new Map<string, RpcLog>()
  for (const log of answers.flat()) {
    if (log.removed || log.topics.length !== 3 || log.data.length !== 66) continue
    unique.set(`${log.transactionHash}:${log.logIndex}`, log)
  }
  return [...unique.values()]
}

/** Approval logs (ERC20 shape: 3 topics, one word of data) of any contract whose owner is tracked. */
async function approvalLogs(client: PublicClient, from: number, to: number, tracked: string[]): Promise<RpcLog[]> {
  const filters: LogTopic[][] = []
  for (let i = 0; i < tracked.length; i += TOPIC_CHUNK)
    filters.push([APPROVAL_TOPIC, tracked.slice(i, i + TOPIC_CHUNK).map(addressTopic)])
  const range = { fromBlock: numberToHex(from), toBlock: numberToHex(to) }
  const answers = await mapLimit(filters, CONCURRENCY, (topics) =>
    client.request({ method: 'eth_getLogs', params: [{ ...range, topics }] }),
  )
  return answers.flat().filter((log) => !log.removed && log.topics.length === 3 && log.data.length === 66)
}

/** Full blocks `from..to`, cut before the first that does not extend the one before it. */
async function linkedBlocks(client: PublicClient, from: number, to: number, withTransactions: boolean) {
  const numbers = Array.from({ length: to - from + 1 }, (_, i) => BigInt(from + i))
  const blocks = await mapLimit(numbers, CONCURRENCY, (blockNumber) =>
    client.getBlock({ blockNumber, includeTransactions: withTransactions }),
  )
  const linked = blocks.findIndex((b, i) => i > 0 && b.parentHash !== blocks[i - 1]?.hash)
  return linked === -1 ? blocks : blocks.slice(0, linked)
}

/**
 * Reads blocks `from..to` and everything in them that touches a tracked address: the
 * native value of transactions sent by or to one (with the receipt's status, gas used and
 * effective gas price) and BEP20 Transfer logs. Rows are confirmed as of now: the caller
 * only scans blocks that have enough confirmations.
 */
export async function scanRange(
  client: PublicClient,
  chainId: number,
  from: number,
  to: number,
  tracked: ReadonlySet<string>,
  dex?: Pick<Dex, 'router' | 'wbnb'>,
): Promise<Scan> {
  const blocks = await linkedBlocks(client, from, to, tracked.size > 0)
  const last = blocks.at(-1)
  const scanned = blocks.map((b) => ({ number: Number(b.number), hash: b.hash, parentHash: b.parentHash }))
  if (!last || tracked.size === 0) return { blocks: scanned, transfers: [], approvals: [] }

  const hashOf = new Map(scanned.map((b) => [b.number, b.hash]))
  const transactions = new Map<Hash, Transaction>()
  for (const block of blocks)
    for (const tx of block.transactions) if (typeof tx !== 'string') transactions.set(tx.hash, tx)

  const isTracked = (address: string | null | undefined) => !!address && tracked.has(address.toLowerCase())
  const native = [...transactions.values()].filter((tx) => isTracked(tx.from) || isTracked(tx.to))
  const logs = (await transferLogs(client, from, Number(last.number), [...tracked])).filter((log) => {
    if (log.blockNumber === null || log.blockHash === null) return false
    if (hashOf.get(hexToNumber(log.blockNumber)) !== log.blockHash) throw new ChainMoved('a log of another block')
    return true
  })

  const approvalsSeen = (await approvalLogs(client, from, Number(last.number), [...tracked])).filter((log) => {
    if (log.blockNumber === null || log.blockHash === null || log.logIndex === null || !log.transactionHash)
      return false
    if (hashOf.get(hexToNumber(log.blockNumber)) !== log.blockHash) throw new ChainMoved('an approval of another block')
    return true
  })
  const approvals: ApprovalRow[] = approvalsSeen.map((log) => ({
    chainId,
    hash: (log.transactionHash as string).toLowerCase(),
    logIndex: hexToNumber(log.logIndex as Hex),
    blockNumber: hexToNumber(log.blockNumber as Hex),
    owner: topicAddress(log.topics[1] as string),
    token: log.address.toLowerCase(),
    spender: topicAddress(log.topics[2] as string),
    amount: hexToBigInt(log.data).toString(),
  }))

  const relevant = new Set<Hash>([...native.map((tx) => tx.hash), ...logs.map((log) => log.transactionHash as Hash)])
  const receipts = new Map<Hash, TransactionReceipt>()
  await mapLimit([...relevant], CONCURRENCY, async (hash) => {
    const receipt = await client.getTransactionReceipt({ hash })
    if (hashOf.get(Number(receipt.blockNumber)) !== receipt.blockHash)
      throw new ChainMoved('a receipt of another block')
    receipts.set(hash, receipt)
  })

  const confirmedAt = new Date()
  const common = (tx: Transaction, receipt: TransactionReceipt) => ({
    chainId,
    hash: tx.hash.toLowerCase(),
    blockNumber: Number(receipt.blockNumber),
    blockHash: receipt.blockHash,
    gasPrice: receipt.effectiveGasPrice.toString(),
    gasUsed: receipt.gasUsed.toString(),
    nonce: tx.nonce,
    confirmedAt,
  })
  const rows: TransferRow[] = []
  for (const tx of native) {
    const receipt = receipts.get(tx.hash)
    if (!receipt) throw new ChainMoved('a receipt went missing')
    rows.push({
      ...common(tx, receipt),
      logIndex: -1,
      fromAddress: tx.from.toLowerCase(),
      // a contract creation has no `to`: the created contract receives the value
      toAddress: (tx.to ?? receipt.contractAddress ?? '').toLowerCase(),
      token: null,
      amount: tx.value.toString(),
      data: tx.input === '0x' ? '' : tx.input,
      status: receipt.status === 'success' ? 'success' : 'failed',
    })
  }
  for (const log of logs) {
    const tx = transactions.get(log.transactionHash as Hash)
    const receipt = receipts.get(log.transactionHash as Hash)
    if (!tx || !receipt || log.logIndex === null) throw new ChainMoved('a log without its transaction')
    rows.push({
      ...common(tx, receipt),
      logIndex: hexToNumber(log.logIndex),
      fromAddress: topicAddress(log.topics[1] as string),
      toAddress: topicAddress(log.topics[2] as string),
      token: log.address.toLowerCase(),
      amount: hexToBigInt(log.data).toString(),
      data: '',
      // a log exists only when its transaction succeeded
      status: 'success',
    })
  }
  if (dex)
    for (const tx of native) {
      const receipt = receipts.get(tx.hash)
      if (receipt) rows.push(...routerPayouts(tx, receipt, dex).map((row) => ({ ...common(tx, receipt), ...row })))
    }
  return { blocks: scanned, transfers: rows, approvals }
}

/**
 * BNB the router paid out in a swap that sells for BNB: an internal transfer no block lists, so
 * it is read from WBNB's `Withdrawal(router, wad)` log and paid to the swap's `to` (from its
 * calldata). One row per such log, at its log index, from the router, token null.
 */
function routerPayouts(
  tx: Transaction,
  receipt: TransactionReceipt,
  dex: Pick<Dex, 'router' | 'wbnb'>,
): Pick<TransferRow, 'logIndex' | 'fromAddress' | 'toAddress' | 'token' | 'amount' | 'data' | 'status'>[] {
  const router = dex.router.toLowerCase()
  if (tx.to?.toLowerCase() !== router || receipt.status !== 'success') return []
  let recipient: string
  try {
    const call = decodeFunctionData({ abi: ROUTER_ABI, data: tx.input })
    if (call.functionName !== 'swapExactTokensForETH') return []
    recipient = call.args[3].toLowerCase()
  } catch {
    return []
  }
  return receipt.logs
    .filter(
      (log) =>
        log.address.toLowerCase() === dex.wbnb.toLowerCase() &&
        log.topics[0] === WITHDRAWAL_TOPIC &&
        log.topics[1] !== undefined &&
        topicAddress(log.topics[1]) === router,
    )
    .map((log) => ({
      logIndex: log.logIndex,
      fromAddress: router,
      toAddress: recipient,
      token: null,
      amount: hexToBigInt(log.data).toString(),
      data: '',
      status: 'success',
    }))
}
