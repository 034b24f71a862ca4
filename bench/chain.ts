// Wallet balances as the wallet page loads them: BNB plus 20 BEP20 tokens in one Multicall3
// `aggregate3` (one eth_call) against the embedded dev chain. Run by run.ts.
import { createWalletClient, http, type Address } from 'viem'
import { createChain } from '../apps/server/src/chain/client.ts'
import { KINETIC_TOKEN } from '../apps/server/src/chain/artifacts.ts'
import { startDevChain } from '../apps/server/src/chain/devchain.ts'
import { DEV_DEPLOYER, tokenLogo } from '../apps/server/src/chain/networks.ts'
import { chainDefinition } from '../apps/server/src/chain/viem.ts'
import { loadChainConfig } from '../apps/server/src/platform/config.ts'

const TOKENS = 20
const RUNS = Number(process.env.BENCH_CHAIN_RUNS ?? 50)

export interface ChainMeasure {
  name: string
  tokens: number
  runs: number
  ethCallsPerLoad: number
  p50Ms: number
  p95Ms: number
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN
const round = (ms: number) => Math.round(ms * 100) / 100

/** Deploys 20 tokens on a fresh dev chain, then times `chain.balances(owner, BNB + 20 tokens)`. */
export async function measureBalances(): Promise<ChainMeasure> {
  const dev = await startDevChain()
  try {
    const config = {
      ...loadChainConfig({ CHAIN_RPC_URL: dev.url, CHAIN_ID: String(dev.chainId) }, { devMode: false }),
      rpcUrl: dev.url,
    }
    const deployer = createWalletClient({
      account: DEV_DEPLOYER,
      chain: chainDefinition(config.id, dev.url, config.multicall),
      transport: http(dev.url),
    })
    const chain = createChain(config)
    const tokens: Address[] = []
    for (let i = 0; i < TOKENS; i++) {
      const hash = await deployer.deployContract({
        abi: KINETIC_TOKEN.abi,
        bytecode: KINETIC_TOKEN.bytecode,
        args: [`Bench token ${i}`, `B${i}`, 10n ** 24n],
      })
      const { contractAddress } = await chain.client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
      if (!contractAddress) throw new Error('a bench token was not deployed')
      tokens.push(contractAddress)
    }
    const entries = [null, ...tokens]
    const benchChain = createChain({
      ...config,
      tokens: tokens.map((contract, i) => ({
        symbol: `B${i}`,
        name: `Bench ${i}`,
        decimals: 18,
        contract,
        logo: tokenLogo(`B${i}`, '#888'),
      })),
    })

    const ethCalls = await countEthCalls(() => benchChain.balances(DEV_DEPLOYER, entries))
    for (let i = 0; i < 5; i++) await benchChain.balances(DEV_DEPLOYER, entries) // warm-up
    const times: number[] = []
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now()
      const balances = await benchChain.balances(DEV_DEPLOYER, entries)
      times.push(performance.now() - started)
      if (balances.slice(1).some((b) => b !== 10n ** 24n)) throw new Error('wrong balances')
    }
    times.sort((a, b) => a - b)
    return {
      name: `balances of BNB + ${TOKENS} tokens (one multicall)`,
      tokens: TOKENS,
      runs: RUNS,
      ethCallsPerLoad: ethCalls,
      p50Ms: round(percentile(times, 50)),
      p95Ms: round(percentile(times, 95)),
    }
  } finally {
    await dev.stop()
  }
}

/** JSON-RPC eth_call requests sent over HTTP while `run` runs. */
async function countEthCalls(run: () => Promise<unknown>): Promise<number> {
  const realFetch = globalThis.fetch
  let calls = 0
  globalThis.fetch = (input, init) => {
    calls += [JSON.parse(String(init?.body))].flat().filter((c: { method?: string }) => c.method === 'eth_call').length
    return realFetch(input, init)
  }
  try {
    await run()
  } finally {
    globalThis.fetch = realFetch
  }
  return calls
}
