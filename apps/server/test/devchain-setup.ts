import type { TestProject } from 'vitest/node'
import { startDevChain } from '../src/chain/devchain.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** JSON-RPC URL of the test run's dev chain (chain 31337, demo tokens deployed). */
    chainRpcUrl: string
  }
}

/**
 * One embedded dev chain per test run, shared by every server test file. Files keep out of
 * each other's way by using their own funded keys (test/chain.ts: fundedWallet) — never a
 * shared Hardhat key — and the faucet's node-managed nonces.
 */
export default async function setup(project: TestProject) {
  const chain = await startDevChain({ log: (line) => console.error(`[dev chain] ${line}`) })
  project.provide('chainRpcUrl', chain.url)
  return () => chain.stop()
}
