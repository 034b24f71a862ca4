import { spawn, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import path from 'node:path'
import { createWalletClient, http, parseUnits, type Address, type Hex } from 'viem'
import { REPO_ROOT } from '../platform/config.ts'
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

/** Resolved when a dev chain starts: this module also serves `setDevFeed`, loaded without hardhat installed. */
const hardhatCli = () => createRequire(import.meta.url).resolve('hardhat/internal/cli/bootstrap.js')
const HARDHAT_CONFIG = path.join(REPO_ROOT, 'contracts/hardhat.config.cjs')
const LISTENING = /JSON-RPC server at (http:\/\/127\.0\.0\.1:\d+)\//

export interface DevChain {
  url: string
  chainId: number
  contracts: typeof DEV_CONTRACTS
  /** Stops the node; its state is gone (the next start deploys the same contracts afresh). */
  stop(): Promise<void>
}

export interface DevChainOptions {
  /** Receives the node's error output. */
  log?: (line: string) => void
  startTimeoutMs?: number
}

/**
 * Starts the embedded dev chain: a Hardhat network JSON-RPC node (`hardhat node`, config in
 * contracts/hardhat.config.cjs) in a child process on 127.0.0.1 and a port the OS picks,
 * then deploys USDT, KNT, Multicall3, WBNB and the USD price feeds of BNB, USDT and KNT
 * (DEV_FEED_ANSWERS) from Hardhat account #0. The chain keeps no state
 * between starts; being fresh, it gets the same contract addresses every time.
 */
export async function startDevChain(options: DevChainOptions = {}): Promise<DevChain> {
  const child = spawn(
    process.execPath,
    [hardhatCli(), '--config', HARDHAT_CONFIG, 'node', '--hostname', '127.0.0.1', '--port', '0'],
    {
      cwd: path.dirname(HARDHAT_CONFIG),
      env: { ...process.env, KINETIC_PARENT_PID: String(process.pid), HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    for (const line of chunk.split('\n')) if (line.trim()) options.log?.(line)
  })
  try {
    const url = await listeningUrl(child, options.startTimeoutMs ?? 60_000)
    await deployDevContracts(url)
    return { url, chainId: DEV_CHAIN_ID, contracts: DEV_CONTRACTS, stop: () => stopProcess(child) }
  } catch (error) {
    await stopProcess(child)
    throw error
  }
}

/** Resolves with the node's URL once it prints that it listens; its request log is dropped after. */
function listeningUrl(child: ChildProcess, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = ''
    const timer = setTimeout(() => fail(new Error(`the dev chain did not start within ${timeoutMs} ms`)), timeoutMs)
    const onData = (chunk: Buffer) => {
      seen = (seen + chunk.toString()).slice(-4000)
      const match = LISTENING.exec(seen)
      if (!match?.[1]) return
      done()
      child.stdout?.resume() // keep draining: a full pipe would stall the node
      resolve(match[1])
    }
    const onExit = (code: number | null) => fail(new Error(`the dev chain exited (${code}) before listening:\n${seen}`))
    const done = () => {
      clearTimeout(timer)
      child.stdout?.off('data', onData)
      child.off('exit', onExit)
    }
    const fail = (error: Error) => {
      done()
      reject(error)
    }
    child.stdout?.on('data', onData)
    child.once('exit', onExit)
  })
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM')
  const killer = setTimeout(() => child.kill('SIGKILL'), 5000)
  await exited
  clearTimeout(killer)
}

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
async function deploy(url: string, artifact: Artifact, args: readonly unknown[]): Promise<Address> {
  const chain = chainDefinition(DEV_CHAIN_ID, url, DEV_CONTRACTS.multicall)
  const wallet = createWalletClient({ account: DEV_DEPLOYER, chain, transport: http(url) })
  const hash: Hex = await wallet.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args })
  const receipt = await mined(url, hash)
  if (!receipt.contractAddress) throw new Error(`${artifact.contractName} was not deployed`)
  return receipt.contractAddress
}

async function mined(url: string, hash: Hex) {
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
