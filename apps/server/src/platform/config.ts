import path from 'node:path'
import { getAddress, isAddress, type Address, type Hex } from 'viem'
import { z } from 'zod'
import type { ListedToken } from '../chain/chain.ts'
import {
  defaultConfirmations,
  defaultFeeds,
  defaultMulticall,
  defaultPollMs,
  defaultTokens,
  DEV_CHAIN_ID,
  DEV_TREASURY_KEY,
  kntToken,
  tokenLogo,
  type PriceFeed,
} from '../chain/networks.ts'

/** Server configuration from the environment (README: configuration table). */
export interface Config {
  port: number
  host: string
  dataDir: string
  /** Unset: an embedded PostgreSQL is started under `dataDir/pg`. */
  databaseUrl: string | undefined
  /** Unset: codes go to the dev outbox (`/dev/outbox`). */
  mailUrl: string | undefined
  mailFrom: string
  production: boolean
  /** Seed demo content (off in production). */
  demoData: boolean
  /** Requests per minute per IP on the API routes. */
  rateLimitPerMinute: number
  /** Verification codes an hour per IP. */
  codesPerIpHour: number
  /** Where the built web app is served from. */
  webDist: string
  /** Validate every handler result against its contract (tests). */
  checkResults: boolean
  logLevel: string
  /** Behind a reverse proxy: take the client IP and protocol from X-Forwarded-* headers. */
  trustProxy: boolean
  /**
   * `TREASURY_KEY`: the private key KNT payouts (/v1/collect) are signed with. Unset: Hardhat
   * account #1 on the dev chain outside production, else none (collect is unavailable).
   */
  treasuryKey: Hex | undefined
  /**
   * `SETTLEMENT_SCHEDULE`: run the daily settlement's scheduler (every minute). On by default,
   * off under NODE_ENV=test (tests settle through the service or `/admin/settle`); `1`/`0` force it.
   */
  settlementSchedule: boolean
  chain: ChainConfig
}

/** The EVM chain (README: CHAIN_* variables). */
export interface ChainConfig {
  /** JSON-RPC endpoint. Unset: main.ts starts the embedded dev chain and fills it in. */
  rpcUrl: string | undefined
  id: number
  /** BEP20 tokens listed besides BNB. */
  tokens: ListedToken[]
  /** Multicall3 contract used for balances and token metadata. */
  multicall: Address
  /** A transfer counts as confirmed when its block is this many blocks deep (1 = mined). */
  confirmations: number
  /** Milliseconds between indexer passes. */
  pollMs: number
  /** First block the indexer reads on a fresh database; undefined: the chain's head then. */
  indexFrom: number | undefined
  /**
   * The USD feed of each priced coin by upper-case symbol: the chain's defaults (networks.ts),
   * with `PRICE_FEEDS` added or replacing them and `PRICE_MAX_AGE_S` as every feed's age limit.
   */
  priceFeeds: Record<string, PriceFeed>
}

const here = path.dirname(new URL(import.meta.url).pathname)
export const SERVER_ROOT = path.resolve(here, '../..')
export const REPO_ROOT = path.resolve(SERVER_ROOT, '../..')

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${value}"`)
  return n
}

const TokenList = z.array(
  z.object({
    symbol: z.string().min(1).max(16),
    name: z.string().min(1).max(64),
    decimals: z.number().int().min(0).max(36),
    contract: z.string().refine((a) => isAddress(a, { strict: false }), 'not an address'),
    logo: z.string().optional(),
  }),
)

function tokensFrom(value: string): ListedToken[] {
  let json: unknown
  try {
    json = JSON.parse(value)
  } catch {
    throw new Error('CHAIN_TOKENS must be a JSON array of {symbol, name, decimals, contract, logo?}')
  }
  const parsed = TokenList.safeParse(json)
  if (!parsed.success) throw new Error(`CHAIN_TOKENS: ${z.prettifyError(parsed.error)}`)
  return parsed.data.map((t) => ({
    ...t,
    contract: getAddress(t.contract),
    logo: t.logo ?? tokenLogo(t.symbol, '#64748b'),
  }))
}

/** Feeds older than this many seconds by default when `PRICE_FEEDS` names a coin the chain has none for. */
const CONFIGURED_FEED_MAX_AGE_S = 75 * 60

/**
 * `PRICE_FEEDS`: JSON of coin symbol → Chainlink-style USD feed address, on top of the chain's
 * defaults, e.g. `{"KNT":"0x…"}`; `PRICE_MAX_AGE_S` replaces every feed's age limit.
 */
function feedsFrom(env: NodeJS.ProcessEnv, chainId: number): Record<string, PriceFeed> {
  const feeds = defaultFeeds(chainId)
  if (env.PRICE_FEEDS) {
    let json: unknown
    try {
      json = JSON.parse(env.PRICE_FEEDS)
    } catch {
      json = undefined
    }
    if (typeof json !== 'object' || json === null || Array.isArray(json))
      throw new Error('PRICE_FEEDS must be a JSON object of coin symbol → feed address, e.g. {"KNT":"0x…"}')
    for (const [symbol, address] of Object.entries(json as Record<string, unknown>)) {
      const key = symbol.toUpperCase()
      feeds[key] = {
        address: addressFrom(String(address), `PRICE_FEEDS.${symbol}`),
        maxAgeS: feeds[key]?.maxAgeS ?? CONFIGURED_FEED_MAX_AGE_S,
      }
    }
  }
  if (env.PRICE_MAX_AGE_S) {
    const maxAgeS = intFrom(env.PRICE_MAX_AGE_S, 0, 'PRICE_MAX_AGE_S')
    if (maxAgeS < 1) throw new Error('PRICE_MAX_AGE_S must be at least 1 second')
    for (const feed of Object.values(feeds)) feed.maxAgeS = maxAgeS
  }
  return feeds
}

function addressFrom(value: string, name: string): Address {
  if (!isAddress(value, { strict: false })) throw new Error(`${name} must be a 0x address, got "${value}"`)
  return getAddress(value)
}

export function loadChainConfig(env: NodeJS.ProcessEnv, production: boolean): ChainConfig {
  const rpcUrl = env.CHAIN_RPC_URL || undefined
  if (production && !rpcUrl) throw new Error('CHAIN_RPC_URL and CHAIN_ID are required when NODE_ENV=production')
  if (rpcUrl && !env.CHAIN_ID) throw new Error('CHAIN_ID is required with CHAIN_RPC_URL (56: BSC, 97: BSC testnet)')
  const id = intFrom(env.CHAIN_ID, DEV_CHAIN_ID, 'CHAIN_ID')
  if (!rpcUrl && id !== DEV_CHAIN_ID)
    throw new Error(`CHAIN_ID ${id} needs CHAIN_RPC_URL (the dev chain is ${DEV_CHAIN_ID})`)
  const knt = env.KNT_CONTRACT ? addressFrom(env.KNT_CONTRACT, 'KNT_CONTRACT') : undefined
  let tokens = env.CHAIN_TOKENS ? tokensFrom(env.CHAIN_TOKENS) : defaultTokens(id, knt)
  if (env.CHAIN_TOKENS && knt && !tokens.some((t) => t.contract === knt)) tokens = [...tokens, kntToken(knt)]
  return {
    rpcUrl,
    id,
    tokens,
    multicall: env.MULTICALL_ADDRESS ? addressFrom(env.MULTICALL_ADDRESS, 'MULTICALL_ADDRESS') : defaultMulticall(id),
    confirmations: Math.max(1, intFrom(env.CHAIN_CONFIRMATIONS, defaultConfirmations(id), 'CHAIN_CONFIRMATIONS')),
    pollMs: Math.max(100, intFrom(env.CHAIN_POLL_MS, defaultPollMs(id), 'CHAIN_POLL_MS')),
    indexFrom: env.CHAIN_INDEX_FROM
      ? intFrom(env.CHAIN_INDEX_FROM, 0, 'CHAIN_INDEX_FROM')
      : id === DEV_CHAIN_ID
        ? 0
        : undefined,
    priceFeeds: feedsFrom(env, id),
  }
}

function treasuryKeyFrom(env: NodeJS.ProcessEnv, production: boolean): Hex | undefined {
  const key = env.TREASURY_KEY
  if (key) {
    if (!/^0x[0-9a-fA-F]{64}$/.test(key)) throw new Error('TREASURY_KEY must be 0x followed by 64 hex characters')
    return key as Hex
  }
  const devChain = !env.CHAIN_ID || Number(env.CHAIN_ID) === DEV_CHAIN_ID
  return !production && devChain ? DEV_TREASURY_KEY : undefined
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production'
  const mailUrl = env.MAIL_URL || undefined
  if (production && !mailUrl) throw new Error('MAIL_URL is required when NODE_ENV=production')
  return {
    port: intFrom(env.PORT, 8080, 'PORT'),
    host: env.HOST || '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR || path.join(REPO_ROOT, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    mailUrl,
    mailFrom: env.MAIL_FROM || 'Kinetic <no-reply@kinetic.local>',
    production,
    demoData: !production && env.DEMO_DATA !== '0',
    rateLimitPerMinute: intFrom(env.RATE_LIMIT_PER_MIN, 1200, 'RATE_LIMIT_PER_MIN'),
    codesPerIpHour: intFrom(env.CODES_PER_IP_HOUR, 30, 'CODES_PER_IP_HOUR'),
    webDist: path.resolve(env.WEB_DIST || path.join(REPO_ROOT, 'apps/web/dist')),
    checkResults: env.NODE_ENV === 'test' || env.CHECK_RESULTS === '1',
    logLevel: env.LOG_LEVEL || (env.NODE_ENV === 'test' ? 'warn' : 'info'),
    trustProxy: env.TRUST_PROXY === '1',
    treasuryKey: treasuryKeyFrom(env, production),
    settlementSchedule: env.SETTLEMENT_SCHEDULE ? env.SETTLEMENT_SCHEDULE === '1' : env.NODE_ENV !== 'test',
    chain: loadChainConfig(env, production),
  }
}
