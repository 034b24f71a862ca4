import { keccak256, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testChainConfig } from '../../../test/chain.ts'
import { cuttableProxy } from '../../../test/faults.ts'
import { rowCount, startTestApp, type TestApp } from '../../../test/harness.ts'
import { aFundedWallet, aKey, aSignedInUser, ok, signTransfer } from './wallet.testkit.ts'

/**
 * A node that answers slowly, for this app only: its RPC URL is a proxy the test holds
 * (requests wait there until released) while the shared dev chain serves every other file.
 */

let proxy: Awaited<ReturnType<typeof cuttableProxy>>
let app: TestApp
beforeAll(async () => {
  proxy = await cuttableProxy(testChainConfig().rpcUrl)
  app = await startTestApp({ CHAIN_RPC_URL: proxy.url })
})
afterAll(async () => {
  proxy?.release()
  await app?.close()
  await proxy?.close()
})

const BURST = 100

describe('while the node answers slowly', () => {
  it(
    'keeps answering everyone else during a burst of one transfer, and records it once',
    { timeout: 60_000 },
    async () => {
      const { client: sender, wallet } = await aFundedWallet(app, 'burst')
      const { nonce } = await ok(sender, '/v1/gettransfer', { wallet_id: wallet.id, coin_id: 1 })
      const raw = await signTransfer(wallet.key, { to: aKey().address, value: parseEther('0.5'), nonce })
      const other = await aSignedInUser(app, 'bystander')

      proxy.hold()
      const burst = Promise.all(
        Array.from({ length: BURST }, () => sender.call('/v1/transaction', { wallet_id: wallet.id, raw })),
      )
      // the burst reached the node and waits there
      while (proxy.held === 0) await new Promise((resolve) => setTimeout(resolve, 20))
      await new Promise((resolve) => setTimeout(resolve, 300))
      const meanwhile = []
      for (let i = 0; i < 5; i++) meanwhile.push(await other.call('/v1/userinfo'))
      proxy.release()
      const answers = await burst

      expect(meanwhile.map((r) => [r.status, r.body.code])).toEqual(Array(5).fill([200, true]))
      const outcomes = new Set(answers.map((r) => JSON.stringify([r.status, r.body.code, r.body.data?.hash])))
      expect([...outcomes]).toEqual([JSON.stringify([200, true, keccak256(raw)])])
      expect(await rowCount(app, 'chain_transfers', 'hash = $1', [keccak256(raw)])).toBe(1)
    },
  )
})
