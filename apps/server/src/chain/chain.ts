import type { Abi, Address, Hash, Hex } from 'viem'

/** A BEP20 token the app lists on a chain. */
export interface ListedToken {
  symbol: string
  name: string
  decimals: number
  contract: Address
  logo: string
}

export interface TokenMeta {
  name: string
  symbol: string
  decimals: number
}

/** A Chainlink-style feed's latest round: `answer` in units of 10^-decimals, `updatedAt` in seconds. */
export interface FeedRound {
  answer: bigint
  decimals: number
  updatedAt: bigint
}

/** Balances and feed rounds read together, with the time of the block they were read at. */
export interface ChainSnapshot {
  balances: bigint[]
  /** undefined where a feed did not answer (no contract, reverted, not an aggregator). */
  rounds: (FeedRound | undefined)[]
  /** The block's timestamp, seconds: what a feed's age is measured against. */
  blockTime: bigint
}

/** One balance to read: `token` null is the native coin. */
export interface Holding {
  owner: Address
  token: Address | null
}

/** The newest block the node has. */
export interface Head {
  number: bigint
  hash: Hash
}

/** The node refused a transaction (nonce, funds, gas…); `reason` is the node's words. */
export class ChainRejected extends Error {
  constructor(readonly reason: string) {
    super(reason)
    this.name = 'ChainRejected'
  }
}

/** The node cannot be reached or failed; nothing was sent or recorded. */
export class ChainUnavailable extends Error {
  constructor(cause: unknown) {
    super('chain unavailable', { cause })
    this.name = 'ChainUnavailable'
  }
}

/**
 * What the server needs from an EVM chain (the embedded Hardhat dev chain, BSC or BSC
 * testnet). Every method throws ChainUnavailable when the node cannot answer.
 * Implemented by `createChain` (client.ts); the app's instance is `App.chain`.
 */
export interface Chain {
  readonly chainId: number
  /** The block explorer transactions link to (`CHAIN_EXPLORER_URL` or the network's; '' for none). */
  readonly explorer: string
  /** Tokens listed on this chain besides the native coin (BNB). */
  readonly tokens: readonly ListedToken[]
  /**
   * Blocks a transaction needs before the indexer records it as success/failed: a transfer
   * in block b has `head - b + 1` confirmations and is final once that reaches this number.
   */
  readonly confirmations: number
  /**
   * Balances of `owner` in base units, one per entry (null = native), in one multicall
   * (one eth_call). An entry whose contract does not answer balanceOf reads as 0.
   */
  balances(owner: Address, tokens: readonly (Address | null)[]): Promise<bigint[]>
  /**
   * Balances as `balances` reads them plus the latest round of each feed (`latestRoundData`
   * and `decimals`) and the block time, all in the same multicall. `owner` null reads no balance.
   */
  snapshot(
    owner: Address | null,
    tokens: readonly (Address | null)[],
    feeds: readonly Address[],
  ): Promise<ChainSnapshot>
  /**
   * Balances of many owners and the latest round of each feed, read at block `block` (the
   * latest when undefined) in one multicall, like `snapshot`; the caller keeps it under the
   * node's eth_call gas cap (the wallet's balance book batches).
   */
  sheet(holdings: readonly Holding[], feeds: readonly Address[], block?: bigint): Promise<ChainSnapshot>
  /** The newest block's number and hash (a new hash at the same height is a reorg). */
  head(): Promise<Head>
  /** The node's gas price (legacy, wei). */
  gasPrice(): Promise<bigint>
  /** Gas the transaction would use; ChainRejected when it would fail (e.g. 'transfer amount exceeds balance'). */
  estimateGas(tx: { from: Address; to: Address; value?: bigint; data?: Hex }): Promise<bigint>
  /**
   * Runs the transaction as `eth_call` from `from` at the latest block without sending it: its
   * return data; ChainRejected with the decoded revert reason (revert string or custom error)
   * when it would revert.
   */
  call(tx: { from: Address; to: Address; value?: bigint; data?: Hex }): Promise<Hex>
  /** `allowance(owner, spender)` of each token/spender pair in one multicall; undefined where a token did not answer. */
  allowances(owner: Address, pairs: readonly { token: Address; spender: Address }[]): Promise<(bigint | undefined)[]>
  /** The next nonce of `address`, counting pending transactions. */
  nonce(address: Address): Promise<number>
  /** name/symbol/decimals of a BEP20 contract; undefined when `contract` is not one. */
  tokenMeta(contract: Address): Promise<TokenMeta | undefined>
  /** Broadcasts a signed transaction; throws ChainRejected when the node refuses it. */
  sendRawTransaction(raw: Hex): Promise<Hash>
  /** Whether the node has this transaction (mined or in its pool). */
  hasTransaction(hash: Hash): Promise<boolean>
  blockNumber(): Promise<bigint>
  /**
   * Contract reads in one multicall: each decoded result, or undefined where that call
   * reverted or answered nothing decodable.
   */
  read(calls: readonly ContractRead[]): Promise<unknown[]>
}

/** One read of a multicall. */
export interface ContractRead {
  address: Address
  abi: Abi
  functionName: string
  args?: readonly unknown[]
}
