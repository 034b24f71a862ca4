import { parseEther, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { DEV_CONTRACTS } from './networks.ts'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app.close())

const faucet = (target: TestApp, payload: unknown) =>
  target.server.inject({ method: 'POST', url: '/dev/faucet', payload: payload as object })

describe('POST /dev/faucet', () => {
  it('sends 10 BNB, 1000 USDT and 1000 KNT to any address', async () => {
    const address = privateKeyToAddress(generatePrivateKey())
    const response = await faucet(app, { address: address.toLowerCase() })
    expect(response.statusCode).toBe(200)
    const { hashes } = response.json<{ hashes: string[] }>()
    expect(hashes).toHaveLength(3)
    for (const hash of hashes) expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await app.chain.balances(address, [null, DEV_CONTRACTS.usdt, DEV_CONTRACTS.knt])).toEqual([
      parseEther('10'),
      parseUnits('1000', 18),
      parseUnits('1000', 18),
    ])
  })

  it('refuses what is not an address', async () => {
    for (const payload of [{}, { address: '0x123' }, { address: 42 }]) {
      const response = await faucet(app, payload)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ error: 'address must be a 0x address' })
    }
  })

  it('does not exist without DEV_MODE=1, nor does the outbox', async () => {
    const other = await startTestApp({ DEV_MODE: '0', MAIL_URL: 'smtp://127.0.0.1:9', LOG_LEVEL: 'silent' })
    try {
      const response = await faucet(other, { address: privateKeyToAddress(generatePrivateKey()) })
      expect(response.statusCode).toBe(404)
      const outbox = await other.server.inject({ method: 'GET', url: '/dev/outbox' })
      expect(outbox.statusCode).toBe(404)
    } finally {
      await other.close()
    }
  })
})
