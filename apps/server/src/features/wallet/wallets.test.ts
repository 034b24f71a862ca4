import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../test/harness.ts'
import { aKey, aSignedInUser, createWallet, ok, proofFor, refused, VAULT_MARK, vaultOf } from './wallet.testkit.ts'

/** A proof of the right shape (never checked: these requests fail on another field first). */
const A_PROOF = { message: 'a signed challenge', signature: `0x${'11'.repeat(65)}` }

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app?.close())

const walletRows = async (userId: number) =>
  (
    await app.database.pool.query(
      'SELECT id, name, vault, hint, backed_up, current, deleted_at FROM wallets WHERE user_id = $1 ORDER BY id',
      [userId],
    )
  ).rows

describe('creating and importing wallets', () => {
  it('stores a created wallet as current, with BNB and every listed token', async () => {
    const client = await aSignedInUser(app)
    const key = aKey()
    const created = await createWallet(client, key, { name: 'Daily' })
    expect(created).toMatchObject({
      name: 'Daily',
      address: key.address,
      kind: 'mnemonic',
      hint: 'the usual',
      backed_up: false,
      current: true,
    })
    const home = await ok(client, '/v1/walletindex')
    expect(home.wallet).toMatchObject({ id: created.id, current: true })
    expect(home.assets.map((a: { symbol: string }) => a.symbol)).toEqual(['BNB', 'USDT', 'KNT'])
    expect(home.assets.every((a: { balance: string }) => a.balance === '0')).toBe(true)
    expect(home.total_usd).toBe('0')
  })

  it('answers no wallet on the home page before the first one', async () => {
    const client = await aSignedInUser(app)
    expect(await ok(client, '/v1/walletindex')).toEqual({
      wallet: null,
      assets: [],
      total_usd: '0',
      unpriced: [],
      network: { chain_id: 31337, key: 'dev', explorer: '' },
      block: null,
    })
    expect(await ok(client, '/v1/replacement')).toEqual({ list: [] })
  })

  it('stores an imported wallet, words or key, as backed up: the person typed it in; created words are not yet', async () => {
    const client = await aSignedInUser(app)
    expect(await createWallet(client)).toMatchObject({ kind: 'mnemonic', backed_up: false })
    for (const kind of ['private_key', 'mnemonic']) {
      const imported = await createWallet(client, aKey(), { method: '/v1/import', kind })
      expect(imported).toMatchObject({ kind, backed_up: true })
      expect(await ok(client, '/v1/wallet', { wallet_id: imported.id })).toMatchObject({ backed_up: true })
    }
  })

  it('makes an imported wallet current; the list shows the current first, then the newest; switching moves it', async () => {
    const client = await aSignedInUser(app)
    const first = await createWallet(client)
    const second = await createWallet(client, aKey(), { method: '/v1/import', kind: 'private_key', name: 'Imported' })
    const third = await createWallet(client)
    expect(second).toMatchObject({ kind: 'private_key', current: true })
    let { list } = await ok(client, '/v1/replacement')
    expect(list.map((w: { id: number }) => w.id)).toEqual([third.id, second.id, first.id])

    ;({ list } = await ok(client, '/v1/replacement', { wallet_id: first.id }))
    expect(list.map((w: { id: number; current: boolean }) => [w.id, w.current])).toEqual([
      [first.id, true],
      [third.id, false],
      [second.id, false],
    ])
    expect((await ok(client, '/v1/walletindex')).wallet.id).toBe(first.id)
  })

  it('refuses an address the user already holds, in any letter case, and lets another user hold it', async () => {
    const alice = await aSignedInUser(app)
    const key = aKey()
    await createWallet(alice, key)
    const again = await refused(alice, '/v1/import', {
      name: 'Again',
      address: key.address.toLowerCase(),
      vault: vaultOf(key.address),
      kind: 'mnemonic',
      proof: await proofFor(alice, key, 'import'),
    })
    expect(again).toMatchObject({ error: 'WALLET_EXISTS', msg: 'This wallet is already in your account' })
    expect(again.fields).toHaveProperty('address')
    expect((await ok(alice, '/v1/replacement')).list).toHaveLength(1)

    const bob = await aSignedInUser(app)
    expect(await createWallet(bob, key)).toMatchObject({ address: key.address, current: true })
  })

  it('takes a lower-case address and stores it checksummed; refuses a wrong checksum', async () => {
    const client = await aSignedInUser(app)
    const key = aKey()
    const created = await createWallet(client, key, { address: key.address.toLowerCase() })
    expect(created.address).toBe(key.address)
    // EIP-55's own example with one letter's case changed
    const wrong = '0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
    const answer = await refused(client, '/v1/walletcreate', {
      name: 'x',
      address: wrong,
      vault: vaultOf(wrong),
      kind: 'mnemonic',
      proof: A_PROOF,
    })
    expect(answer.error).toBe('ADDRESS_CHECKSUM')
  })

  it('refuses an invalid address, kind, empty name or vault, and writes nothing', async () => {
    const client = await aSignedInUser(app)
    const key = aKey()
    const valid = { name: 'W', address: key.address, vault: vaultOf(key.address), kind: 'mnemonic', proof: A_PROOF }
    expect((await refused(client, '/v1/walletcreate', { ...valid, address: '0x1234' })).error).toBe('ADDRESS_INVALID')
    expect((await refused(client, '/v1/walletcreate', { ...valid, kind: 'ledger' })).error).toBe('FIELD_INVALID')
    expect((await refused(client, '/v1/walletcreate', { ...valid, name: ' ' })).error).toBe('FIELD_REQUIRED')
    expect((await refused(client, '/v1/walletcreate', { ...valid, name: 'x'.repeat(25) })).error).toBe('FIELD_TOO_LONG')
    expect((await refused(client, '/v1/walletcreate', { ...valid, vault: 'x'.repeat(4001) })).error).toBe(
      'FIELD_TOO_LONG',
    )
    expect((await ok(client, '/v1/replacement')).list).toEqual([])
  })
})

describe('managing a wallet', () => {
  it('renames, marks the words backed up and replaces the vault after a password change', async () => {
    const client = await aSignedInUser(app)
    const created = await createWallet(client)
    const renamed = await ok(client, '/v1/getname', { wallet_id: created.id, name: '  Savings ' })
    expect(renamed.wallet).toMatchObject({ id: created.id, name: 'Savings' })

    expect(await ok(client, '/v1/walletverify', { wallet_id: created.id })).toEqual({ ok: true })
    expect(await ok(client, '/v1/wallet', { wallet_id: created.id })).toMatchObject({
      backed_up: true,
      name: 'Savings',
    })

    const vault = vaultOf(created.address, 2)
    expect(await ok(client, '/v1/walletpassword', { wallet_id: created.id, vault, hint: 'new hint' })).toEqual({
      ok: true,
    })
    expect(await ok(client, '/v1/private', { wallet_id: created.id })).toEqual({
      vault,
      kind: 'mnemonic',
      hint: 'new hint',
    })
    await ok(client, '/v1/walletpassword', { wallet_id: created.id, vault })
    expect((await ok(client, '/v1/private', { wallet_id: created.id })).hint).toBe('')
  })

  it('deletes a wallet: it is gone, the newest other becomes current, and its address can come back', async () => {
    const client = await aSignedInUser(app)
    const first = await createWallet(client)
    const second = await createWallet(client)
    const third = await createWallet(client)
    await ok(client, '/v1/replacement', { wallet_id: first.id })

    expect(await ok(client, '/v1/userdel', { wallet_id: first.id })).toEqual({ ok: true })
    const { list } = await ok(client, '/v1/replacement')
    expect(list.map((w: { id: number; current: boolean }) => [w.id, w.current])).toEqual([
      [third.id, true],
      [second.id, false],
    ])
    expect((await refused(client, '/v1/wallet', { wallet_id: first.id })).error).toBe('WALLET_NOT_FOUND')
    expect((await refused(client, '/v1/userdel', { wallet_id: first.id })).error).toBe('WALLET_NOT_FOUND')

    // deleting a wallet that is not current leaves the current one
    await ok(client, '/v1/userdel', { wallet_id: second.id })
    expect((await ok(client, '/v1/walletindex')).wallet.id).toBe(third.id)
    await ok(client, '/v1/userdel', { wallet_id: third.id })
    expect((await ok(client, '/v1/walletindex')).wallet).toBeNull()

    const back = await createWallet(client, first.key)
    expect(back).toMatchObject({ address: first.address, current: true })
    expect(back.id).not.toBe(first.id)
  })

  it('keeps exactly one current wallet when wallets are added at the same time', async () => {
    const client = await aSignedInUser(app)
    await Promise.all(Array.from({ length: 6 }, () => createWallet(client)))
    const { list } = await ok(client, '/v1/replacement')
    expect(list).toHaveLength(6)
    expect(list.filter((w: { current: boolean }) => w.current)).toHaveLength(1)
  })
})

describe('another user', () => {
  it("answers another user's wallet as not found for every operation, and changes nothing", async () => {
    const owner = await aSignedInUser(app)
    const stranger = await aSignedInUser(app)
    await createWallet(stranger)
    const target = await createWallet(owner)
    const ownerId = (await ok(owner, '/v1/userinfo')).id as number
    const before = await walletRows(ownerId)
    const id = { wallet_id: target.id }
    const attempts: [string, Record<string, unknown>][] = [
      ['/v1/wallet', id],
      ['/v1/private', id],
      ['/v1/walletverify', id],
      ['/v1/getname', { ...id, name: 'Mine now' }],
      ['/v1/walletpassword', { ...id, vault: vaultOf(target.address, 9) }],
      ['/v1/userdel', id],
      ['/v1/replacement', id],
      ['/v1/walletbalance', id],
      ['/v1/balance', { ...id, coin_id: 1 }],
      ['/v1/all_balances', id],
      ['/v1/gas_price', { ...id, coin_id: 1 }],
      ['/v1/gettransfer', { ...id, coin_id: 1 }],
      ['/v1/transaction', { ...id, raw: '0x00' }],
      ['/v1/wallethistory', id],
      ['/v1/record', { ...id, coin_id: 1 }],
      ['/v1/coininfo', { ...id, coin_id: 1 }],
    ]
    for (const [method, params] of attempts) {
      const answer = await refused(stranger, method, params)
      expect(answer, method).toMatchObject({ error: 'WALLET_NOT_FOUND', msg: 'This wallet does not exist' })
      expect(JSON.stringify(answer)).not.toContain(VAULT_MARK)
    }
    expect(await walletRows(ownerId)).toEqual(before)
    // the same answer as an id that does not exist at all
    expect((await refused(stranger, '/v1/wallet', { wallet_id: 999_999 })).msg).toBe('This wallet does not exist')
  })
})

describe('the vault', () => {
  it('appears in no answer except /v1/private to its owner', async () => {
    const client = await aSignedInUser(app)
    const created = await createWallet(client)
    await createWallet(client, aKey(), { method: '/v1/import' })
    const id = { wallet_id: created.id }
    const answers = await Promise.all(
      (
        [
          ['/v1/walletindex', {}],
          ['/v1/wallet', id],
          ['/v1/replacement', {}],
          ['/v1/replacement', id],
          ['/v1/getname', { ...id, name: 'Renamed' }],
          ['/v1/walletbalance', id],
          ['/v1/all_balances', id],
          ['/v1/wallethistory', id],
        ] as const
      ).map(([method, params]) => client.call(method, params)),
    )
    for (const { body } of answers) {
      expect(body.code).toBe(true)
      expect(JSON.stringify(body)).not.toContain(VAULT_MARK)
    }
    expect((await ok(client, '/v1/private', id)).vault).toBe(vaultOf(created.address))
  })
})

describe('the vault check', () => {
  const WORDS = 'legal winner thank year wave sausage worth useful legal winner thank yellow'
  const base64 = (length: number) => Buffer.alloc(length, 7).toString('base64')
  /** [what, the vault for an address, the error, the field it names] */
  const BAD: [string, (address: string) => string, string, string][] = [
    ['the words in clear', () => WORDS, 'VAULT_MALFORMED', 'vault'],
    ['a JSON array', () => '[]', 'VAULT_MALFORMED', 'vault'],
    ['a vault with 1 PBKDF2 iteration', (a) => vaultOf(a, 1, { iter: 1 }), 'VAULT_ITERATIONS', 'vault.iter'],
    ['599,999 iterations', (a) => vaultOf(a, 1, { iter: 599_999 }), 'VAULT_ITERATIONS', 'vault.iter'],
    ['iterations as text', (a) => vaultOf(a, 1, { iter: '600000' }), 'VAULT_ITERATIONS', 'vault.iter'],
    ['version 2', (a) => vaultOf(a, 1, { v: 2 }), 'VAULT_VERSION_UNKNOWN', 'vault.v'],
    ['another KDF', (a) => vaultOf(a, 1, { kdf: 'scrypt' }), 'VAULT_KDF_UNKNOWN', 'vault.kdf'],
    ['an 8-byte salt', (a) => vaultOf(a, 1, { salt: base64(8) }), 'FIELD_INVALID', 'vault.salt'],
    ['no iv', (a) => vaultOf(a, 1, { iv: undefined }), 'FIELD_INVALID', 'vault.iv'],
    [
      'a ciphertext too short for a wallet secret',
      (a) => vaultOf(a, 1, { ct: base64(20) }),
      'FIELD_INVALID',
      'vault.ct',
    ],
    ['a ciphertext that is not base64', (a) => vaultOf(a, 1, { ct: 'not base64!' }), 'FIELD_INVALID', 'vault.ct'],
    ['the words beside a vault', (a) => vaultOf(a, 1, { words: WORDS }), 'FIELD_UNKNOWN', 'vault.words'],
  ]

  it.each(BAD)('refuses %s on create, import and password change, and stores nothing', async (_, bad, error, field) => {
    const client = await aSignedInUser(app)
    const mine = await createWallet(client)
    const other = aKey()
    const attempts: [string, Record<string, unknown>][] = [
      [
        '/v1/walletcreate',
        { name: 'W', address: other.address, kind: 'mnemonic', vault: bad(other.address), proof: A_PROOF },
      ],
      [
        '/v1/import',
        { name: 'W', address: other.address, kind: 'private_key', vault: bad(other.address), proof: A_PROOF },
      ],
      ['/v1/walletpassword', { wallet_id: mine.id, vault: bad(mine.address), hint: 'new' }],
    ]
    for (const [method, params] of attempts) {
      const answer = await refused(client, method, params)
      expect(answer.error, method).toBe(error)
      expect(Object.keys(answer.fields ?? {}), method).toEqual([field])
    }
    expect((await ok(client, '/v1/replacement')).list.map((w: { id: number }) => w.id)).toEqual([mine.id])
    expect(await ok(client, '/v1/private', { wallet_id: mine.id })).toEqual({
      vault: vaultOf(mine.address),
      kind: 'mnemonic',
      hint: 'the usual',
    })
  })

  it('names the vault field at fault in the three languages', async () => {
    const client = await aSignedInUser(app)
    const key = aKey()
    const params = {
      name: 'W',
      address: key.address,
      kind: 'mnemonic',
      vault: vaultOf(key.address, 1, { iter: 1 }),
      proof: A_PROOF,
    }
    const messages = await Promise.all(
      ['us-en', 'zh-cn', 'zh-hk'].map(async (lang) => (await client.call('/v1/walletcreate', params, { lang })).body),
    )
    expect(messages.map((m) => [m.msg, m.fields])).toEqual([
      [
        'Encrypted wallet iteration count must be a whole number from 600,000 to 10,000,000',
        { 'vault.iter': 'Encrypted wallet iteration count must be a whole number from 600,000 to 10,000,000' },
      ],
      [
        '加密钱包迭代次数须为 600,000 至 10,000,000 之间的整数',
        { 'vault.iter': '加密钱包迭代次数须为 600,000 至 10,000,000 之间的整数' },
      ],
      [
        '加密錢包迭代次數須為 600,000 至 10,000,000 之間的整數',
        { 'vault.iter': '加密錢包迭代次數須為 600,000 至 10,000,000 之間的整數' },
      ],
    ])
    const plain = await client.call(
      '/v1/walletcreate',
      { ...params, vault: 'legal winner thank year' },
      { lang: 'zh-cn' },
    )
    expect(plain.body).toMatchObject({ error: 'VAULT_MALFORMED', msg: '加密钱包不是本应用的加密格式' })
    expect((await ok(client, '/v1/replacement')).list).toEqual([])
  })

  it('stores and answers a well-formed vault at the minimum cost', async () => {
    const client = await aSignedInUser(app)
    const created = await createWallet(client)
    const stored = JSON.parse((await ok(client, '/v1/private', { wallet_id: created.id })).vault as string)
    expect(stored).toMatchObject({ v: 1, kdf: 'pbkdf2-sha256', iter: 600_000 })
  })
})
