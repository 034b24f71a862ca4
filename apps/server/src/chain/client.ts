import {
  decodeFunctionResult,
  TransactionNotFoundError,
  encodeFunctionData,
  erc20Abi,
  multicall3Abi,
  parseAbi,
  type Address,
  type Hash,
  type Hex,
  type PublicClient,
} from 'viem'
import type { ChainConfig } from '../platform/config.ts'
import type { Chain, ChainSnapshot, ContractRead, FeedRound, Holding, TokenMeta } from './chain.ts'
import { reading, submitting } from './errors.ts'
import { publicClient } from './viem.ts'

/** The Chain plus the viem client underneath, for code that needs more (the indexer, tests). */
export interface ChainClient extends Chain {
  readonly client: PublicClient
  readonly multicall: Address
}

/** The read side of a Chainlink aggregator (AggregatorV3Interface). */
const feedAbi = parseAbi([
  'function decimals() view returns (uint8)',
  'function latestRoundData() view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)',
])

/** A Chain on a configured JSON-RPC node (`rpcUrl` set: given, or the started dev chain's). */
export function createChain(config: ChainConfig & { rpcUrl: string }): ChainClient {
  const client = publicClient(config.id, config.rpcUrl, config.multicall)
  const multicall = config.multicall

  /**
   * Reads in one Multicall3 `aggregate3` (one eth_call), each call allowed to fail: the
   * decoded result, or undefined when that call reverted or answered nothing decodable. A
   * failure of the whole (node down, no Multicall3 at the address) is ChainUnavailable.
   */
  async function aggregate(calls: readonly ContractRead[], block?: bigint): Promise<unknown[]> {
    const results = await reading(() =>
      client.readContract({
        address: multicall,
        abi: multicall3Abi,
        functionName: 'aggregate3',
        args: [calls.map((c) => ({ target: c.address, allowFailure: true, callData: encodeFunctionData(c) }))],
        ...(block !== undefined && { blockNumber: block }),
      }),
    )
    return calls.map((call, i) => {
      const result = results[i]
      if (!result?.success || result.returnData === '0x') return undefined
      try {
        return decodeFunctionResult({ abi: call.abi, functionName: call.functionName, data: result.returnData })
      } catch {
        return undefined
      }
    })
  }

  function snapshot(
    owner: Address | null,
    tokens: readonly (Address | null)[],
    feeds: readonly Address[],
  ): Promise<ChainSnapshot> {
    return sheet(owner === null ? [] : tokens.map((token) => ({ owner, token })), feeds)
  }

  async function sheet(
    holdings: readonly Holding[],
    feeds: readonly Address[],
    block?: bigint,
  ): Promise<ChainSnapshot> {
    const balanceReads = holdings.map(({ owner, token }): ContractRead =>
      token === null
        ? { address: multicall, abi: multicall3Abi, functionName: 'getEthBalance', args: [owner] }
        : { address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] },
    )
    const feedReads = feeds.flatMap((address): ContractRead[] => [
      { address, abi: feedAbi, functionName: 'latestRoundData' },
      { address, abi: feedAbi, functionName: 'decimals' },
    ])
    const clock: ContractRead = { address: multicall, abi: multicall3Abi, functionName: 'getCurrentBlockTimestamp' }
    const results = await aggregate([...balanceReads, ...feedReads, clock], block)
    const rounds = feeds.map((_, i): FeedRound | undefined => {
      const round = results[balanceReads.length + 2 * i]
      const decimals = results[balanceReads.length + 2 * i + 1]
      if (!Array.isArray(round) || typeof decimals !== 'number') return undefined
      const [, answer, , updatedAt] = round as unknown[]
      if (typeof answer !== 'bigint' || typeof updatedAt !== 'bigint') return undefined
      return { answer, decimals, updatedAt }
    })
    const blockTime = results.at(-1)
    if (typeof blockTime !== 'bigint') throw new Error('Multicall3 answered no block timestamp')
    return {
      balances: results.slice(0, balanceReads.length).map((r) => (typeof r === 'bigint' ? r : 0n)),
      rounds,
      blockTime,
    }
  }

  return {
    chainId: config.id,
    explorer: config.explorer,
    tokens: config.tokens,
    confirmations: config.confirmations,
    client,
    multicall,

    async balances(owner: Address, tokens: readonly (Address | null)[]): Promise<bigint[]> {
      if (tokens.length === 0) return []
      return (await snapshot(owner, tokens, [])).balances
    },

    snapshot,
    sheet,

    async head() {
      const block = await reading(() => client.getBlock({ blockTag: 'latest' }))
      return { number: block.number, hash: block.hash }
    },

    gasPrice: () => reading(() => client.getGasPrice()),

    estimateGas: (tx: { from: Address; to: Address; value?: bigint; data?: Hex }) =>
      submitting(() => client.estimateGas({ account: tx.from, to: tx.to, value: tx.value, data: tx.data })),

    call: async (tx: { from: Address; to: Address; value?: bigint; data?: Hex }) =>
      (await submitting(() => client.call({ account: tx.from, to: tx.to, value: tx.value, data: tx.data }))).data ??
      '0x',

    async allowances(owner: Address, pairs: readonly { token: Address; spender: Address }[]) {
      if (pairs.length === 0) return []
      const results = await aggregate(
        pairs.map(({ token, spender }) => ({
          address: token,
          abi: erc20Abi,
          functionName: 'allowance',
          args: [owner, spender],
        })),
      )
      return results.map((r) => (typeof r === 'bigint' ? r : undefined))
    },

    nonce: (address: Address) => reading(() => client.getTransactionCount({ address, blockTag: 'pending' })),

    async tokenMeta(contract: Address): Promise<TokenMeta | undefined> {
      const [name, symbol, decimals] = await aggregate(
        (['name', 'symbol', 'decimals'] as const).map((functionName) => ({
          address: contract,
          abi: erc20Abi,
          functionName,
        })),
      )
      if (typeof name !== 'string' || typeof symbol !== 'string' || typeof decimals !== 'number') return undefined
      return { name, symbol, decimals }
    },

    sendRawTransaction: (raw: Hex): Promise<Hash> =>
      submitting(() => client.sendRawTransaction({ serializedTransaction: raw })),

    hasTransaction: (hash: Hash) =>
      reading(() =>
        client.getTransaction({ hash }).then(
          () => true,
          (error: unknown) => {
            if (error instanceof TransactionNotFoundError) return false
            throw error
          },
        ),
      ),
    blockNumber: () => reading(() => client.getBlockNumber({ cacheTime: 0 })),
    read: (calls) => aggregate(calls),
  }
}

/** Refuses to run against a node of another chain than CHAIN_ID says (a wrong URL would show wrong balances). */
export async function assertChainId(chain: ChainClient): Promise<void> {
  const actual = await reading(() => chain.client.getChainId())
  if (actual !== chain.chainId)
    throw new Error(`CHAIN_ID is ${chain.chainId} but the node at CHAIN_RPC_URL is chain ${actual}`)
}
