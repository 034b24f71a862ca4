import { createPublicClient, defineChain, http, type Address, type Chain as ViemChain, type PublicClient } from 'viem'

/** How long a JSON-RPC request may take before the node counts as unavailable. */
export const RPC_TIMEOUT_MS = 10_000

/** viem's description of the chain: BNB as the native coin and where its Multicall3 lives. */
export function chainDefinition(id: number, url: string, multicall: Address): ViemChain {
  return defineChain({
    id,
    name: id === 56 ? 'BNB Smart Chain' : id === 97 ? 'BNB Smart Chain Testnet' : 'Kinetic dev chain',
    nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
    contracts: { multicall3: { address: multicall } },
  })
}

/**
 * A viem public client on `url`. One quick retry for a blip; a node that stays down is
 * reported as ChainUnavailable and the caller (or the indexer's next pass) decides.
 */
export function publicClient(id: number, url: string, multicall: Address, pollingInterval = 1000): PublicClient {
  return createPublicClient({
    chain: chainDefinition(id, url, multicall),
    transport: http(url, { timeout: RPC_TIMEOUT_MS, retryCount: 1, retryDelay: 150 }),
    pollingInterval,
  })
}
