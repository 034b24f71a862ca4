import { createWalletClient, http, parseUnits, type Address, type Hex } from 'viem'
import { DEV_PRICE_FEED, KINETIC_TOKEN, MULTICALL3, WRAPPED_BNB, type Artifact } from './artifacts.ts'
import {
  DEV_CHAIN_ID,
  DEV_CONTRACTS,
  DEV_DEPLOYER,
  DEV_FEED_ANSWERS,
  DEV_TOKEN_SUPPLY,
  USD_FEED_DECIMALS,
} from './networks.ts'
import { chainDefinition, publicClient } from './viem.ts'

// The dev chain's contracts, deployed and driven from Hardhat account #0. No Hardhat here:
// `/dev/price` (served only under DEV_MODE=1) uses this module from the built server too.

/** A DevPriceFeed's constructor arguments: 8 decimals, a description, the answer for `usd`. */
const feedArgs = (symbol: string, usd: string) =>
  [USD_FEED_DECIMALS, `${symbol} / USD`, parseUnits(usd, USD_FEED_DECIMALS)] as const

/**
 * Deploys the dev contracts from account #0 (unlocked on a Hardhat node, so the node signs
 * and picks nonces) and checks they landed at DEV_CONTRACTS, i.e. on a fresh chain.
 */
export async function deployDevContracts(url: string): Promise<void> {
  const { usdt, knt, wbnb, bnbUsdFeed, usdtUsdFeed, kntUsdFeed } = DEV_CONTRACTS
  const deployments: [Artifact, readonly unknown[], Address][] = [
    [KINETIC_TOKEN, ['Tether USD', 'USDT', DEV_TOKEN_SUPPLY], usdt],
    [KINETIC_TOKEN, ['Kinetic', 'KNT', DEV_TOKEN_SUPPLY], knt],
    [MULTICALL3, [], DEV_CONTRACTS.multicall],
    [WRAPPED_BNB, [], wbnb],
    [DEV_PRICE_FEED, feedArgs('BNB', DEV_FEED_ANSWERS.BNB), bnbUsdFeed],
    [DEV_PRICE_FEED, feedArgs('USDT', DEV_FEED_ANSWERS.USDT), usdtUsdFeed],
    [DEV_PRICE_FEED, feedArgs('KNT', DEV_FEED_ANSWERS.KNT), kntUsdFeed],
  ]
  for (const [artifact, args, expected] of deployments) {
    const deployed = await deploy(url, artifact, args)
    if (deployed.toLowerCase() !== expected.toLowerCase())
      throw new Error(`${artifact.contractName} deployed at ${deployed}, expected ${expected}`)
  }
}

/** Deploys a contract from account #0 and waits for it; its address. */
export async function deploy(url: string, artifact: Artifact, args: readonly unknown[]): Promise<Address> {
  const chain = chainDefinition(DEV_CHAIN_ID, url, DEV_CONTRACTS.multicall)
  const wallet = createWalletClient({ account: DEV_DEPLOYER, chain, transport: http(url) })
  const hash: Hex = await wallet.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args })
  const receipt = await mined(url, hash)
  if (!receipt.contractAddress) throw new Error(`${artifact.contractName} was not deployed`)
  return receipt.contractAddress
}

export async function mined(url: string, hash: Hex) {
  const receipt = await publicClient(DEV_CHAIN_ID, url, DEV_CONTRACTS.multicall, 50).waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success') throw new Error(`dev chain transaction ${hash} failed`)
  return receipt
}

/** A further DevPriceFeed owned by account #0 (tests: a feed of their own), first answering `usd`. */
export const deployDevFeed = (url: string, symbol: string, usd: string): Promise<Address> =>
  deploy(url, DEV_PRICE_FEED, feedArgs(symbol, usd))

/**
 * Sets a DevPriceFeed's answer to `usd` (whole dollars, a decimal string) updated at
 * `updatedAt` (seconds; undefined: the answer follows the chain's clock). Only account #0,
 * which deployed the dev feeds, may; a contract that is no DevPriceFeed reverts.
 */
export async function setDevFeed(url: string, feed: Address, usd: string, updatedAt?: number): Promise<Hex> {
  const chain = chainDefinition(DEV_CHAIN_ID, url, DEV_CONTRACTS.multicall)
  const wallet = createWalletClient({ account: DEV_DEPLOYER, chain, transport: http(url) })
  const hash = await wallet.writeContract({
    address: feed,
    abi: DEV_PRICE_FEED.abi,
    functionName: 'setAnswer',
    args: [parseUnits(usd, USD_FEED_DECIMALS), BigInt(updatedAt ?? 0)],
  })
  await mined(url, hash)
  return hash
}
