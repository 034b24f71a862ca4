import type { FastifyInstance } from 'fastify'
import {
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  http,
  isAddress,
  parseEther,
  type Hash,
} from 'viem'
import type { ChainConfig } from '../platform/config.ts'
import { ChainRejected, ChainUnavailable } from './chain.ts'
import { DEV_CHAIN_ID, DEV_DEPLOYER } from './networks.ts'
import { submitting } from './errors.ts'
import { chainDefinition } from './viem.ts'

export const FAUCET_NATIVE = parseEther('10')
/** Whole tokens of each listed token per request. */
export const FAUCET_TOKENS = 1000n

export interface Faucet {
  /** Sends 10 BNB and 1000 of each listed token to `address`; the transaction hashes. */
  fund(address: string): Promise<Hash[]>
}

/** The faucet exists on a Hardhat dev chain in development mode, nowhere else. */
export const faucetAvailable = (config: { devMode: boolean; chain: ChainConfig }): boolean =>
  config.devMode && config.chain.id === DEV_CHAIN_ID && config.chain.rpcUrl !== undefined

/**
 * Pays from Hardhat account #0, which the dev node keeps unlocked: the node signs and picks
 * the nonces (eth_sendTransaction), so concurrent requests, even from several servers or
 * test workers sharing one dev chain, never race for a nonce. Automine mines each transfer
 * before its hash comes back.
 */
export function createFaucet(chain: ChainConfig & { rpcUrl: string }): Faucet {
  const wallet = createWalletClient({
    account: DEV_DEPLOYER,
    chain: chainDefinition(chain.id, chain.rpcUrl, chain.multicall),
    transport: http(chain.rpcUrl),
  })
  return {
    async fund(address: string): Promise<Hash[]> {
      const to = getAddress(address)
      const hashes = [await submitting(() => wallet.sendTransaction({ to, value: FAUCET_NATIVE }))]
      for (const token of chain.tokens) {
        const amount = FAUCET_TOKENS * 10n ** BigInt(token.decimals)
        const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] })
        hashes.push(await submitting(() => wallet.sendTransaction({ to: token.contract, data })))
      }
      return hashes
    },
  }
}

/**
 * `POST /dev/faucet` with JSON `{address}` → `{hashes}`; `{error}` with 400 for a bad address,
 * 409 when the node refuses (account #0 drained), 503 when the chain is down.
 */
export function registerFaucet(
  server: FastifyInstance,
  faucet: Faucet,
  /** Awaited after funding (the app's balance book reading the new block); its failure is ignored. */
  seen: () => Promise<void> = async () => undefined,
): void {
  server.post<{ Body: { address?: unknown } | undefined }>('/dev/faucet', async (request, reply) => {
    const address = request.body?.address
    if (typeof address !== 'string' || !isAddress(address, { strict: false }))
      return reply.code(400).send({ error: 'address must be a 0x address' })
    try {
      const hashes = await faucet.fund(address)
      await seen().catch(() => undefined)
      return { hashes }
    } catch (error) {
      if (error instanceof ChainRejected) return reply.code(409).send({ error: error.reason })
      if (error instanceof ChainUnavailable) return reply.code(503).send({ error: 'the dev chain is not answering' })
      throw error
    }
  })
}
