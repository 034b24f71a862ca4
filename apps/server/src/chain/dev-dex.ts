import { createWalletClient, erc20Abi, http, maxUint256, type Abi, type Address, type Hex } from 'viem'
import uniswapV2Factory from '@uniswap/v2-core/build/UniswapV2Factory.json' with { type: 'json' }
import uniswapV2Router02 from '@uniswap/v2-periphery/build/UniswapV2Router02.json' with { type: 'json' }
import type { Artifact } from './artifacts.ts'
import { deploy, mined } from './dev-contracts.ts'
import { DEV_CHAIN_ID, DEV_CONTRACTS, DEV_DEPLOYER, DEV_LIQUIDITY } from './networks.ts'
import { chainDefinition } from './viem.ts'
import { ROUTER_ABI } from './dex.ts'

// Development only (devchain.ts loads it): the published Uniswap V2 build artifacts, pinned in
// apps/server/package.json, bytecode as npm has it. Nothing here is compiled.

const published = (contractName: string, json: { abi: unknown; bytecode: string }): Artifact => ({
  contractName,
  abi: json.abi as Abi,
  bytecode: (json.bytecode.startsWith('0x') ? json.bytecode : `0x${json.bytecode}`) as Hex,
})

/** @uniswap/v2-core 1.0.1: constructor(feeToSetter). */
export const UNISWAP_V2_FACTORY = published('UniswapV2Factory', uniswapV2Factory)
/** @uniswap/v2-periphery 1.1.0-beta.0: constructor(factory, WETH). */
export const UNISWAP_V2_ROUTER02 = published('UniswapV2Router02', uniswapV2Router02)

/**
 * Deploys the factory and router02 right after the other dev contracts (nonces 7 and 8) and
 * seeds the BNB/USDT and KNT/USDT pairs from account #0 (DEV_LIQUIDITY). Liquidity is added
 * with a deadline far in the future: the dev chain's clock may be moved by tests.
 */
export async function deployDevDex(url: string): Promise<void> {
  const { dexFactory, dexRouter, wbnb, usdt, knt } = DEV_CONTRACTS
  for (const [artifact, args, expected] of [
    [UNISWAP_V2_FACTORY, [DEV_DEPLOYER], dexFactory],
    [UNISWAP_V2_ROUTER02, [dexFactory, wbnb], dexRouter],
  ] as const) {
    const deployed = await deploy(url, artifact, args)
    if (deployed.toLowerCase() !== expected.toLowerCase())
      throw new Error(`${artifact.contractName} deployed at ${deployed}, expected ${expected}`)
  }
  const chain = chainDefinition(DEV_CHAIN_ID, url, DEV_CONTRACTS.multicall)
  const wallet = createWalletClient({ account: DEV_DEPLOYER, chain, transport: http(url) })
  const send = async (hash: Promise<Hex>) => mined(url, await hash)
  const approve = (token: Address) =>
    send(
      wallet.writeContract({ address: token, abi: erc20Abi, functionName: 'approve', args: [dexRouter, maxUint256] }),
    )
  await approve(usdt)
  await approve(knt)
  const deadline = maxUint256
  const { bnbUsdt, kntUsdt } = DEV_LIQUIDITY
  await send(
    wallet.writeContract({
      address: dexRouter,
      abi: ROUTER_ABI,
      functionName: 'addLiquidityETH',
      args: [usdt, bnbUsdt.usdt, bnbUsdt.usdt, bnbUsdt.bnb, DEV_DEPLOYER, deadline],
      value: bnbUsdt.bnb,
    }),
  )
  await send(
    wallet.writeContract({
      address: dexRouter,
      abi: ROUTER_ABI,
      functionName: 'addLiquidity',
      args: [knt, usdt, kntUsdt.knt, kntUsdt.usdt, kntUsdt.knt, kntUsdt.usdt, DEV_DEPLOYER, deadline],
    }),
  )
}
