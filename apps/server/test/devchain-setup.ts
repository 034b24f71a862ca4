import type { TestProject } from 'vitest/node'
import { startDevChain } from '../src/chain/devchain.ts'
import { runService } from './run-services.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** JSON-RPC URL of the test run's dev chain (chain 31337, demo tokens deployed). */
    chainRpcUrl: string
  }
}

/**
 * One embedded dev chain per test run (run-services.ts), shared by every server test file. Files
 * keep out of each other's way by using their own funded keys (test/chain.ts: fundedWallet) —
 * never a shared Hardhat key — and the faucet's node-managed nonces.
 */
export default async function setup(project: TestProject) {
  const { value: url, release } = await runService(project, 'dev chain', async () => {
    const chain = await startDevChain({ log: (line) => console.error(`[dev chain] ${line}`) })
    return { value: chain.url, stop: () => chain.stop() }
  })
  project.provide('chainRpcUrl', url)
  return release
}
