import { parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowCount, startTestApp, type TestApp } from '../../../test/harness.ts'
import { aKey, aSignedInUser, createWallet, ok, refused, signTransfer } from './wallet.testkit.ts'

let app: TestApp
beforeAll(async () => {
  // nothing listens on port 1: every node request fails to connect
  app = await startTestApp({ CHAIN_RPC_URL: 'http://127.0.0.1:1' })
})
afterAll(() => app?.close())

describe('when the node cannot be reached', () => {
  it('answers CHAIN_UNAVAILABLE for what needs it, and sends and records nothing', async () => {
    const client = await aSignedInUser(app)
    const wallet = await createWallet(client)
    expect(await refused(client, '/v1/walletbalance', { wallet_id: wallet.id })).toMatchObject({
      error: 'CHAIN_UNAVAILABLE',
      msg: 'The blockchain network cannot be reached right now, please try again later',
    })
    expect((await refused(client, '/v1/gas_price', { wallet_id: wallet.id, coin_id: 1 })).error).toBe(
      'CHAIN_UNAVAILABLE',
    )
    const raw = await signTransfer(wallet.key, { to: aKey().address, value: parseEther('1'), nonce: 0 })
    expect((await refused(client, '/v1/transaction', { wallet_id: wallet.id, raw })).error).toBe('CHAIN_UNAVAILABLE')
    expect(await rowCount(app, 'chain_transfers')).toBe(0)
    // what lives in the database still answers
    expect((await ok(client, '/v1/replacement')).list).toHaveLength(1)
  })

  it('still shows history, with 0 confirmations', async () => {
    const client = await aSignedInUser(app)
    const wallet = await createWallet(client)
    await app.database.pool.query(
      `INSERT INTO chain_transfers (chain_id, hash, log_index, block_number, block_hash, from_address, to_address,
         amount, gas_price, gas_used, status, confirmed_at)
       VALUES (31337, $1, -1, 7, $1, $2, $3, '1000000000000000000', '1000000000', '21000', 'success', now())`,
      [`0x${'ab'.repeat(32)}`, aKey().address.toLowerCase(), wallet.key.address.toLowerCase()],
    )
    const { list } = await ok(client, '/v1/wallethistory', { wallet_id: wallet.id })
    expect(list).toMatchObject([
      { direction: 'income', amount: '1', status: 'success', block_number: 7, confirmations: 0, fee: '0.000021' },
    ])
  })
})
