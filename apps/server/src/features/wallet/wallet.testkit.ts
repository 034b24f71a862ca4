/** Test builders for the wallet operations (used by *.test.ts only). */
import {
  VAULT_IV_BYTES,
  VAULT_KDF,
  VAULT_MIN_ITERATIONS,
  VAULT_SALT_BYTES,
  VAULT_VERSION,
  type wallet,
} from '@kinetic/protocol'
import { createHash } from 'node:crypto'
import { createWalletClient, http, parseEther, type Address, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { expect } from 'vitest'
import { Client, registerUser, type AppHandle, type TestApp } from '../../../test/harness.ts'
import { KINETIC_TOKEN } from '../../chain/artifacts.ts'
import { createIndexer, type Indexer } from '../../chain/indexer.ts'
import { chainDefinition } from '../../chain/viem.ts'
import { trackedAddresses } from './wallets.repo.ts'

let seq = 0

/** A new account, signed in, with a client that keeps its cookies. */
export async function aSignedInUser(app: TestApp, label = 'wallet'): Promise<Client> {
  const client = new Client(app.server)
  await registerUser(client, `${label}-${++seq}-${Date.now()}@example.com`)
  return client
}

export const aKey = (): PrivateKeyAccount => privateKeyToAccount(generatePrivateKey())

/** Every test vault's ciphertext starts with these 18 bytes, so its base64 starts with VAULT_MARK. */
const MARK_BYTES = Buffer.from('kinetic-test-vault')
export const VAULT_MARK = MARK_BYTES.toString('base64')

/**
 * A well-formed vault as the server sees one (it never decrypts): wallet-core's format at the
 * minimum PBKDF2 cost, salt, iv and ciphertext derived from the address and a version number,
 * the ciphertext marked so that it is easy to spot in an answer.
 */
export function vaultOf(address: string, version = 1, change: Record<string, unknown> = {}): string {
  const bytes = (label: string, length: number) =>
    createHash('shake256', { outputLength: length }).update(`${label}:${version}:${address}`).digest()
  const ct = Buffer.concat([MARK_BYTES, bytes('ct', 120 - MARK_BYTES.length)])
  return JSON.stringify({
    v: VAULT_VERSION,
    kdf: VAULT_KDF,
    iter: VAULT_MIN_ITERATIONS,
    salt: bytes('salt', VAULT_SALT_BYTES).toString('base64'),
    iv: bytes('iv', VAULT_IV_BYTES).toString('base64'),
    ct: ct.toString('base64'),
    ...change,
  })
}

/** Posts an operation and returns its data, failing the test on an error answer. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked against their contract by the app
export async function ok<T = any>(client: Client, method: string, params: Record<string, unknown> = {}): Promise<T> {
  const { body } = await client.call(method, params)
  expect(body, method).toMatchObject({ code: true })
  return body.data as T
}

/** Posts an operation that must fail and returns the error answer. */
export async function refused(client: Client, method: string, params: Record<string, unknown> = {}) {
  const { body } = await client.call(method, params)
  expect(body.code, `${method} ${JSON.stringify(body)}`).toBe(false)
  return body as { code: false; error: string; msg: string; fields?: Record<string, string> }
}

/**
 * A proof of control as the web makes one: a challenge for (this account, `address`, `purpose`)
 * and `key`'s signature over its EIP-4361 message, made here as on the device.
 */
export async function proofFor(
  client: Client,
  key: PrivateKeyAccount,
  purpose: (typeof wallet.PROOF_PURPOSES)[number],
  address: string = key.address,
): Promise<{ message: string; signature: Hex }> {
  const { message } = await ok<{ message: string }>(client, '/v1/walletchallenge', { address, purpose })
  return { message, signature: await key.signMessage({ message }) }
}

/** Creates (or with `method: '/v1/import'`, imports) the wallet of `key`, proving control like the web. */
export async function createWallet(
  client: Client,
  key: PrivateKeyAccount = aKey(),
  overrides: Partial<{ name: string; kind: string; hint: string; method: string; address: string }> = {},
): Promise<wallet.Wallet & { key: PrivateKeyAccount }> {
  const { method = '/v1/walletcreate', ...params } = overrides
  const purpose = method === '/v1/import' ? 'import' : 'create'
  const data = await ok<{ wallet: wallet.Wallet }>(client, method, {
    name: 'My wallet',
    address: key.address,
    vault: vaultOf(key.address),
    kind: 'mnemonic',
    hint: 'the usual',
    proof: await proofFor(client, key, purpose, params.address ?? key.address),
    ...params,
  })
  return { ...data.wallet, key }
}

/**
 * Makes the wallet one stored before proofs (as the migration leaves every earlier wallet):
 * written in SQL, since no operation can unprove a wallet.
 */
export async function asStoredBeforeProofs(app: Pick<TestApp, 'database'>, walletId: number): Promise<void> {
  await app.database.pool.query('UPDATE wallets SET proven_at = NULL WHERE id = $1', [walletId])
}

/** 10 BNB and 1000 of each listed token from the dev faucet (mined before it answers). */
export async function fund(app: AppHandle, address: Address): Promise<void> {
  const response = await app.server.inject({ method: 'POST', url: '/dev/faucet', payload: { address } })
  expect(response.statusCode, response.body).toBe(200)
}

/**
 * The start of most wallet tests: a new signed-in account with a wallet it created (proven) and
 * funded from the dev faucet (10 BNB, 1000 of each listed token), mined before this returns.
 */
export async function aFundedWallet(app: TestApp, label = 'wallet') {
  const client = await aSignedInUser(app, label)
  const wallet = await createWallet(client)
  await fund(app, wallet.key.address)
  return { client, wallet }
}

/**
 * Waits until the app's balance book has read the node's newest block: what a test sends
 * outside the app (a funded key, a contract) shows in the balance reads from then on.
 */
export function blockSeen(app: Pick<TestApp, 'features'>): Promise<void> {
  return app.features.wallet.balances.refresh()
}

/** The block the app's balance book has read (undefined before its first read). */
export const bookBlock = (app: Pick<TestApp, 'features'>): bigint | undefined => app.features.wallet.balances.block

export const GWEI = 1_000_000_000n

/** A legacy transfer signed like the web app signs one. */
export function signTransfer(
  key: PrivateKeyAccount,
  tx: { to: Address; value?: bigint; data?: Hex; nonce: number; gas?: bigint; gasPrice?: bigint; chainId?: number },
): Promise<Hex> {
  return key.signTransaction({
    type: 'legacy',
    chainId: tx.chainId ?? 31337,
    to: tx.to,
    value: tx.value ?? 0n,
    data: tx.data,
    nonce: tx.nonce,
    gas: tx.gas ?? 21_000n,
    gasPrice: tx.gasPrice ?? 2n * GWEI,
  })
}

export const ONE_BNB = parseEther('1')

const indexers = new WeakMap<TestApp, Indexer>()

/**
 * Indexer passes over the dev chain for the app's database until it has caught up with the head
 * (mined transfers become success/failed). A fresh database starts at block 0 of the run's shared
 * chain, which late in a run holds more blocks than one pass walks.
 */
export async function indexChain(app: TestApp): Promise<void> {
  let indexer = indexers.get(app)
  if (!indexer) {
    const { chain, databaseUrl } = app.config
    if (!chain.rpcUrl || !databaseUrl) throw new Error('the test app has no chain or database URL')
    const tracked = () => trackedAddresses(app.database.db)
    indexer = createIndexer({ db: app.database.db, databaseUrl, chain: { ...chain, rpcUrl: chain.rpcUrl }, tracked })
    indexers.set(app, indexer)
  }
  for (let passes = 1; ; passes++) {
    const pass = await indexer.indexOnce()
    if (!pass.ran) throw new Error('another indexer holds the lock of the test app')
    if (pass.caughtUp) return
    if (passes === 100) throw new Error('the indexer did not catch up with the dev chain in 100 passes')
  }
}

export async function stopIndexer(app: TestApp): Promise<void> {
  await indexers.get(app)?.stop()
}

/** Deploys a fresh BEP20 (18 decimals, whole supply to `key`) that no list knows. */
export async function deployToken(app: TestApp, key: PrivateKeyAccount, symbol = 'SPAM'): Promise<Address> {
  const { chain } = app.config
  const url = chain.rpcUrl as string
  const client = createWalletClient({
    account: key,
    chain: chainDefinition(chain.id, url, chain.multicall),
    transport: http(url),
  })
  const hash = await client.deployContract({
    abi: KINETIC_TOKEN.abi,
    bytecode: KINETIC_TOKEN.bytecode,
    args: [`${symbol} token`, symbol, parseEther('1000000')],
  })
  const receipt = await app.chain.client.waitForTransactionReceipt({ hash })
  if (!receipt.contractAddress) throw new Error('no contract deployed')
  return receipt.contractAddress
}
