import {
  createWalletClient,
  http,
  type Account,
  type Chain as ViemChain,
  type Hex,
  type Transport,
  type WalletClient,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { inject } from 'vitest'
import { createFaucet } from '../src/chain/faucet.ts'
import { chainDefinition } from '../src/chain/viem.ts'
import { loadChainConfig, type ChainConfig } from '../src/platform/config.ts'
import type { Database } from '../src/platform/db/client.ts'

export type TestWallet = WalletClient<Transport, ViemChain, Account> & { key: Hex }

/** The chain configuration of the test run's dev chain (as the app loads it), with `env` on top. */
export function testChainConfig(env: Record<string, string> = {}): ChainConfig & { rpcUrl: string } {
  const rpcUrl = inject('chainRpcUrl')
  return { ...loadChainConfig({ CHAIN_RPC_URL: rpcUrl, CHAIN_ID: '31337', ...env }, { devMode: false }), rpcUrl }
}

/** A wallet client signing locally with `key` on the test dev chain. */
export function walletFor(key: Hex): TestWallet {
  const config = testChainConfig()
  const wallet = createWalletClient({
    account: privateKeyToAccount(key),
    chain: chainDefinition(config.id, config.rpcUrl, config.multicall),
    transport: http(config.rpcUrl),
  })
  return Object.assign(wallet, { key })
}

/**
 * A new key holding what the faucet gives (10 BNB, 1000 USDT, 1000 KNT). Tests use their own
 * keys so that files running at once on the shared dev chain never compete for a nonce.
 */
export async function fundedWallet(): Promise<TestWallet> {
  const wallet = walletFor(generatePrivateKey())
  await createFaucet(testChainConfig()).fund(wallet.account.address)
  return wallet
}

/**
 * Makes the indexer follow `address`: a wallet of a new user in the wallet feature's
 * `wallets` table, written in SQL so the chain tests do not depend on that feature's API.
 * (Were that migration missing, a stand-in table with the columns the indexer reads.)
 */
export async function track(database: Database, address: string): Promise<void> {
  const { pool } = database
  const { rows } = await pool.query<{ present: boolean }>(`SELECT to_regclass('wallets') IS NOT NULL AS present`)
  if (!rows[0]?.present) {
    await pool.query('CREATE TABLE wallets (id serial PRIMARY KEY, address text NOT NULL, deleted_at timestamptz)')
    await pool.query('INSERT INTO wallets (address) VALUES ($1)', [address])
    return
  }
  await pool.query(
    `WITH owner AS (
       INSERT INTO users (password_hash, invite_code) VALUES ('-', 'T' || substr(md5(random()::text), 1, 11)) RETURNING id
     )
     INSERT INTO wallets (user_id, name, address, kind, vault) SELECT id, 'indexed', $1, 'private_key', '{}' FROM owner`,
    [address],
  )
}
