import { spawn, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import path from 'node:path'
import { REPO_ROOT } from '../platform/config.ts'
import { deployDevContracts } from './dev-contracts.ts'
import { deployDevDex } from './dev-dex.ts'
import { DEV_CHAIN_ID, DEV_CONTRACTS } from './networks.ts'

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
 * (DEV_FEED_ANSWERS) from Hardhat account #0, then the Uniswap V2 factory and router02 with
 * seeded BNB/USDT and KNT/USDT pairs (dev-dex.ts). The chain keeps no state
 * between starts; being fresh, it gets the same contract addresses every time.
 */
export async function startDevChain(options: DevChainOptions = {}): Promise<DevChain> {
  const child = spawn(
    process.execPath,
    [
      createRequire(import.meta.url).resolve('hardhat/internal/cli/bootstrap.js'),
      '--config',
      HARDHAT_CONFIG,
      'node',
      '--hostname',
      '127.0.0.1',
      '--port',
      '0',
    ],
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
    await deployDevDex(url)
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
