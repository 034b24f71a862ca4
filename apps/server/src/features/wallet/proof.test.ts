import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseSiweMessage } from 'viem/siwe'
import { startTestApp, type TestApp } from '../../../test/harness.ts'
import { startClockAt } from '../../platform/test-clock.ts'
import {
  aKey,
  aSignedInUser,
  asStoredBeforeProofs,
  createWallet,
  ok,
  proofFor,
  refused,
  vaultOf,
} from './wallet.testkit.ts'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp({ PUBLIC_ORIGIN: 'https://app.kinetic.test' })
})
afterAll(() => app?.close())

const newWallet = (address: string, proof: unknown) => ({
  name: 'Mine',
  address,
  vault: vaultOf(address),
  kind: 'mnemonic',
  hint: '',
  proof,
})

const walletsOf = async (client: Awaited<ReturnType<typeof aSignedInUser>>) =>
  (await ok<{ list: { address: string }[] }>(client, '/v1/replacement')).list

describe('proof of control', () => {
  it('answers an EIP-4361 message for this origin, chain, address and purpose, expiring in at most five minutes', async () => {
    const client = await aSignedInUser(app)
    const key = aKey()
    const { message, expires_at } = await ok<{ message: string; expires_at: string }>(client, '/v1/walletchallenge', {
      address: key.address,
      purpose: 'create',
    })
    const parsed = parseSiweMessage(message)
    expect(parsed).toMatchObject({
      domain: 'app.kinetic.test',
      address: key.address,
      uri: 'https://app.kinetic.test',
      version: '1',
      chainId: 31337,
    })
    expect(parsed.nonce).toMatch(/^[a-zA-Z0-9]{8,}$/)
    expect(parsed.expirationTime?.toISOString()).toBe(expires_at)
    const ttl = parsed.expirationTime!.getTime() - parsed.issuedAt!.getTime()
    expect(ttl).toBeGreaterThan(0)
    expect(ttl).toBeLessThanOrEqual(5 * 60_000)
  })

  it('stores a created and an imported wallet as proven with a valid proof', async () => {
    const client = await aSignedInUser(app)
    expect(await createWallet(client)).toMatchObject({ proven: true })
    expect(await createWallet(client, aKey(), { method: '/v1/import' })).toMatchObject({ proven: true })
  })

  it('refuses a wallet without a proof, or with a signature of another key, in three languages, and stores nothing', async () => {
    const client = await aSignedInUser(app)
    const key = aKey()
    const missing = await refused(client, '/v1/walletcreate', newWallet(key.address, undefined))
    expect(missing).toMatchObject({ error: 'WALLET_PROOF_INVALID' })

    const { message } = await ok(client, '/v1/walletchallenge', { address: key.address, purpose: 'create' })
    const forged = { message, signature: await aKey().signMessage({ message }) }
    const answers = await Promise.all(
      ['us-en', 'zh-cn', 'zh-hk'].map(
        async (lang) => (await client.call('/v1/walletcreate', newWallet(key.address, forged), { lang })).body,
      ),
    )
    expect(answers.map((a) => [a.code, a.error])).toEqual([
      [false, 'WALLET_PROOF_INVALID'],
      [false, 'WALLET_PROOF_INVALID'],
      [false, 'WALLET_PROOF_INVALID'],
    ])
    expect(answers.map((a) => a.msg)).toEqual([
      "The proof that this device holds the wallet's key is missing, expired or wrong: try again",
      '缺少本设备持有该钱包密钥的证明，或证明已过期、无效：请重试',
      '缺少本裝置持有該錢包金鑰的證明，或證明已過期、無效：請重試',
    ])
    expect(await walletsOf(client)).toEqual([])
  })

  it('refuses a replayed proof: a challenge is good once', async () => {
    const client = await aSignedInUser(app)
    const key = aKey()
    const proof = await proofFor(client, key, 'create')
    const { wallet } = await ok(client, '/v1/walletcreate', newWallet(key.address, proof))
    await ok(client, '/v1/userdel', { wallet_id: wallet.id })
    expect(await refused(client, '/v1/walletcreate', newWallet(key.address, proof))).toMatchObject({
      error: 'WALLET_PROOF_INVALID',
    })
    expect(await walletsOf(client)).toEqual([])
  })

  it('refuses another account’s proof, another address’s, and another purpose’s', async () => {
    const alice = await aSignedInUser(app)
    const mallory = await aSignedInUser(app)
    const key = aKey()
    // alice's challenge, signed by the key's holder: no good to mallory
    const alices = await proofFor(alice, key, 'create')
    expect(await refused(mallory, '/v1/walletcreate', newWallet(key.address, alices))).toMatchObject({
      error: 'WALLET_PROOF_INVALID',
    })
    // a proof for one address does not store another
    const other = aKey()
    const forOther = await proofFor(alice, other, 'create')
    expect(await refused(alice, '/v1/walletcreate', newWallet(key.address, forOther))).toMatchObject({
      error: 'WALLET_PROOF_INVALID',
    })
    // a create challenge does not import
    expect(await refused(alice, '/v1/import', newWallet(key.address, alices))).toMatchObject({
      error: 'WALLET_PROOF_INVALID',
    })
    expect(await walletsOf(alice)).toEqual([])
    expect(await walletsOf(mallory)).toEqual([])
    // the untouched challenge still stores alice's wallet
    expect((await ok(alice, '/v1/walletcreate', newWallet(key.address, alices))).wallet).toMatchObject({
      address: key.address,
      proven: true,
    })
  })

  it('proves a wallet stored before proofs once from the wallet page; refuses another key’s signature', async () => {
    const client = await aSignedInUser(app)
    const key = aKey()
    const stored = await createWallet(client, key)
    await asStoredBeforeProofs(app, stored.id)
    expect((await ok(client, '/v1/wallet', { wallet_id: stored.id })).proven).toBe(false)

    const { message } = await ok(client, '/v1/walletchallenge', { address: key.address, purpose: 'prove' })
    const forged = { message, signature: await aKey().signMessage({ message }) }
    expect(await refused(client, '/v1/walletprove', { wallet_id: stored.id, proof: forged })).toMatchObject({
      error: 'WALLET_PROOF_INVALID',
    })
    expect((await ok(client, '/v1/wallet', { wallet_id: stored.id })).proven).toBe(false)

    const proved = await ok(client, '/v1/walletprove', {
      wallet_id: stored.id,
      proof: await proofFor(client, key, 'prove'),
    })
    expect(proved.wallet).toMatchObject({ id: stored.id, proven: true })
    expect((await ok(client, '/v1/walletindex')).wallet).toMatchObject({ id: stored.id, proven: true })
  })

  // last: it moves this process's clock six minutes on
  it('refuses an expired proof', async () => {
    const client = await aSignedInUser(app)
    const key = aKey()
    const proof = await proofFor(client, key, 'create')
    startClockAt(Date.now() + 6 * 60_000)
    expect(await refused(client, '/v1/walletcreate', newWallet(key.address, proof))).toMatchObject({
      error: 'WALLET_PROOF_INVALID',
    })
    expect(await walletsOf(client)).toEqual([])
  })
})
