import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
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
  defaultDex,
  type Dex,
  DEV_TREASURY_KEY,
  explorerOf,
  kntToken,
  tokenLogo,
  type PriceFeed,
} from '../chain/networks.ts'

/** A setting the server refuses to start with: main.ts prints its message alone, without a stack. */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** Server configuration from the environment (README: configuration table). */
export interface Config {
  port: number
  host: string
  /** Where development mode keeps its embedded Postgres (`dataDir/pg`). */
  dataDir: string
  /** Unset (development mode only): an embedded PostgreSQL is started under `dataDir/pg`. */
  databaseUrl: string | undefined
  /**
   * A replica (or any read-only copy) of that database: the read-only operations' statements
   * go there, falling back to `databaseUrl` while it cannot be reached (docs/adr/2026-11-25-read-replica.md).
   */
  databaseReadUrl: string | undefined
  /** Unset (development mode only): e-mail goes to the dev outbox (`/dev/outbox`). */
  mailUrl: string | undefined
  mailFrom: string
  /**
   * `DEV_MODE=1` (DESIGN §12, docs/adr/2026-11-24-dev-mode.md): `/dev/*`, the outbox, demo data,
   * phone codes in the outbox, the embedded Postgres and dev chain and the dev treasury key.
   * Loopback hosts and the dev chain only.
   */
  devMode: boolean
  /** Seed the demo account and demo watch codes (development mode; `DEMO_DATA=0` leaves them out). */
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
   * account #1 on the dev chain in development mode, else none (collect is unavailable).
   */
  treasuryKey: Hex | undefined
  /**
   * `TREASURY_FUNDERS`: comma-separated addresses that fund the treasury (an exchange account, a
   * cold wallet): KNT they send to it is credited to no one, like the payout signer's and, on the
   * dev chain, every Hardhat account's (docs/adr/2026-11-28-proof-of-control.md). Lower-case.
   */
  treasuryFunders: string[]
  /**
   * `PUBLIC_ORIGIN`: the origin people open the app at (e.g. https://app.example.com), the
   * domain and URI of the wallet proofs' EIP-4361 messages. Unset: each request's own origin.
   */
  publicOrigin: string | undefined
  /**
   * `SETTLEMENT_SCHEDULE`: run the daily settlement's scheduler (every minute). On by default,
   * off under NODE_ENV=test (tests settle through the service or `/admin/settle`); `1`/`0` force it.
   */
  settlementSchedule: boolean
  /** `JOBS_CRON_CHECK_S`: how often an instance checks the jobs' cron schedules (1–45 s, default 30). */
  jobsCronCheckSeconds: number
  /**
   * Web Push's VAPID key pair (`VAPID_PUBLIC_KEY` + `VAPID_PRIVATE_KEY`, both or neither) and
   * the contact push services see (`VAPID_SUBJECT`). No pair: one generated on the first start,
   * kept in the database (docs/adr/2026-11-24-web-push.md).
   */
  /**
   * `RAW_RETENTION_DAYS` (default 90, at least 1): whole UTC days of raw samples kept; older day
   * partitions are dropped by the job `health.partitions` (docs/adr/2026-11-25-raw-retention.md).
   */
  rawRetentionDays: number
  vapid: { keys: { publicKey: string; privateKey: string } | undefined; subject: string }
  /**
   * Where push endpoints may point (docs/adr/2026-11-28-push-egress.md): always public unicast
   * addresses over https on 443; `PUSH_HOSTS` (comma-separated host suffixes, e.g.
   * `fcm.googleapis.com,push.services.mozilla.com`) narrows them to those push services.
   * `PUSH_ALLOW_LOCAL=1` (only under NODE_ENV=test or DEV_MODE) also takes `http:`, any port
   * and loopback addresses: the tests' stand-in push service.
   */
  push: { hosts: string[]; localEndpoints: boolean }
  chain: ChainConfig
}

/** The EVM chain (README: CHAIN_* variables). */
export interface ChainConfig {
  /** JSON-RPC endpoint. Unset (development mode only): main.ts starts the embedded dev chain and fills it in. */
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
  /** The block explorer transactions link to: `CHAIN_EXPLORER_URL`, else the network's ('' for none). */
  explorer: string
  /** The PancakeSwap V2-compatible exchange swaps go through: the network's (networks.ts) or `DEX_ROUTER` + `DEX_FACTORY` + `DEX_WBNB`; undefined: no exchange. */
  dex: Dex | undefined
}

/** The nearest folder up from `dir` holding a package.json: apps/server, from its sources or its build. */
function packageRoot(dir: string): string {
  for (let at = dir; ; at = path.dirname(at)) {
    if (existsSync(path.join(at, 'package.json'))) return at
    if (path.dirname(at) === at) throw new ConfigError(`no package.json above ${dir}`)
  }
}

export const SERVER_ROOT = packageRoot(path.dirname(fileURLToPath(import.meta.url)))
export const REPO_ROOT = path.resolve(SERVER_ROOT, '../..')

/** Chains development mode refuses: real money (BSC) and its public testnet. */
const PUBLIC_CHAINS: Record<number, string> = { 56: 'BSC', 97: 'BSC testnet' }

/** `DEV_MODE`: `1` on, unset/empty/`0` off; anything else is refused rather than guessed. */
export function devModeFrom(env: NodeJS.ProcessEnv): boolean {
  const value = env.DEV_MODE ?? ''
  if (value !== '' && value !== '0' && value !== '1')
    throw new ConfigError(`DEV_MODE must be 1 or unset, got "${value}"`)
  return value === '1'
}

const isLoopback = (host: string): boolean => host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)

/**
 * Without DEV_MODE=1 the database, mail and chain are the operator's: a missing one stops the
 * start here, named, instead of falling back to something embedded (DESIGN §12).
 */
function requireProductionServices(env: NodeJS.ProcessEnv): void {
  const missing = ['DATABASE_URL', 'MAIL_URL', 'CHAIN_RPC_URL'].filter((name) => !env[name])
  if (missing.length === 0) return
  throw new ConfigError(
    `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} required: without DEV_MODE=1 the server uses ` +
      'your PostgreSQL (DATABASE_URL), SMTP server (MAIL_URL) and chain node (CHAIN_RPC_URL + CHAIN_ID), never an ' +
      'embedded stand-in (docs/OPERATIONS.md). For a local development server set DEV_MODE=1 (npm start does).',
  )
}

/** DEV_MODE=1 publishes codes at /dev/outbox and pays from a public key: only on a loopback host. */
function refuseExposedDevMode(env: NodeJS.ProcessEnv, host: string): void {
  if (!isLoopback(host))
    throw new ConfigError(
      `DEV_MODE=1 refuses HOST=${host}: development mode lists every verification code at /dev/outbox and ` +
        'funds any address at /dev/faucet, so it listens on loopback only (127.0.0.1, ::1, localhost). ' +
        'Unset DEV_MODE for a deployment (docs/OPERATIONS.md).',
    )
  if (env.NODE_ENV === 'production')
    throw new ConfigError(
      'DEV_MODE=1 refuses NODE_ENV=production: unset one of them (a deployment runs without DEV_MODE)',
    )
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0) throw new ConfigError(`${name} must be a whole number, got "${value}"`)
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
    throw new ConfigError('CHAIN_TOKENS must be a JSON array of {symbol, name, decimals, contract, logo?}')
  }
  const parsed = TokenList.safeParse(json)
  if (!parsed.success) throw new ConfigError(`CHAIN_TOKENS: ${z.prettifyError(parsed.error)}`)
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
      throw new ConfigError('PRICE_FEEDS must be a JSON object of coin symbol → feed address, e.g. {"KNT":"0x…"}')
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
    if (maxAgeS < 1) throw new ConfigError('PRICE_MAX_AGE_S must be at least 1 second')
    for (const feed of Object.values(feeds)) feed.maxAgeS = maxAgeS
  }
  return feeds
}

function addressFrom(value: string, name: string): Address {
  if (!isAddress(value, { strict: false })) throw new ConfigError(`${name} must be a 0x address, got "${value}"`)
  return getAddress(value)
}

export function loadChainConfig(env: NodeJS.ProcessEnv, mode: { devMode: boolean }): ChainConfig {
  const rpcUrl = env.CHAIN_RPC_URL || undefined
  if (!mode.devMode && !rpcUrl)
    throw new ConfigError('CHAIN_RPC_URL is required without DEV_MODE=1 (with CHAIN_ID: 56 BSC, 97 BSC testnet)')
  if (rpcUrl && !env.CHAIN_ID)
    throw new ConfigError('CHAIN_ID is required with CHAIN_RPC_URL (56: BSC, 97: BSC testnet)')
  const id = intFrom(env.CHAIN_ID, DEV_CHAIN_ID, 'CHAIN_ID')
  if (mode.devMode && PUBLIC_CHAINS[id])
    throw new ConfigError(
      `DEV_MODE=1 refuses CHAIN_ID ${id} (${PUBLIC_CHAINS[id]}): development mode pays from a public dev key ` +
        'and runs a faucet. Unset DEV_MODE to use a public chain (docs/OPERATIONS.md).',
    )
  if (!rpcUrl && id !== DEV_CHAIN_ID)
    throw new ConfigError(`CHAIN_ID ${id} needs CHAIN_RPC_URL (the dev chain is ${DEV_CHAIN_ID})`)
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
    explorer: explorerFrom(env.CHAIN_EXPLORER_URL, id),
    dex: dexFrom(env, id),
  }
}

/** `DEX_ROUTER`, `DEX_FACTORY`, `DEX_WBNB` (all three, and `DEX_FEE_BPS`, default 25) replace the network's exchange. */
function dexFrom(env: NodeJS.ProcessEnv, chainId: number): Dex | undefined {
  const named = [env.DEX_ROUTER, env.DEX_FACTORY, env.DEX_WBNB].filter(Boolean).length
  if (named === 0) return defaultDex(chainId)
  if (named !== 3) throw new ConfigError('DEX_ROUTER, DEX_FACTORY and DEX_WBNB go together')
  return {
    router: addressFrom(env.DEX_ROUTER ?? '', 'DEX_ROUTER'),
    factory: addressFrom(env.DEX_FACTORY ?? '', 'DEX_FACTORY'),
    wbnb: addressFrom(env.DEX_WBNB ?? '', 'DEX_WBNB'),
    lpFeeBps: BigInt(intFrom(env.DEX_FEE_BPS, 25, 'DEX_FEE_BPS')),
  }
}

function explorerFrom(value: string | undefined, chainId: number): string {
  if (!value) return explorerOf(chainId)
  if (!/^https?:\/\/[^\s/]+(\/[^\s]*)?$/.test(value))
    throw new ConfigError('CHAIN_EXPLORER_URL must be an http(s) URL, e.g. https://bscscan.com')
  return value.replace(/\/+$/, '')
}

function treasuryKeyFrom(env: NodeJS.ProcessEnv, devMode: boolean): Hex | undefined {
  const key = env.TREASURY_KEY
  if (key) {
    if (!/^0x[0-9a-fA-F]{64}$/.test(key)) throw new ConfigError('TREASURY_KEY must be 0x followed by 64 hex characters')
    return key as Hex
  }
  const devChain = !env.CHAIN_ID || Number(env.CHAIN_ID) === DEV_CHAIN_ID
  return devMode && devChain ? DEV_TREASURY_KEY : undefined
}

/** `TREASURY_FUNDERS`: addresses separated by commas (spaces allowed), lower-cased; unset: none. */
function fundersFrom(value: string | undefined): string[] {
  const listed = (value ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter((a) => a !== '')
  for (const a of listed)
    if (!isAddress(a, { strict: false }))
      throw new ConfigError(`TREASURY_FUNDERS must be addresses separated by commas, got "${a}"`)
  return [...new Set(listed.map((a) => a.toLowerCase()))]
}

/** `PUBLIC_ORIGIN`: an http(s) origin without a path (https://app.example.com); unset: none. */
function originFrom(value: string | undefined): string | undefined {
  if (!value) return undefined
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new ConfigError(`PUBLIC_ORIGIN must be an http(s) origin like https://app.example.com, got "${value}"`)
  }
  if (!/^https?:$/.test(url.protocol) || url.origin !== value.replace(/\/+$/, ''))
    throw new ConfigError(`PUBLIC_ORIGIN must be an http(s) origin like https://app.example.com, got "${value}"`)
  return url.origin
}

/**
 * The database settings alone, for the operator commands (admin-create, ledger-check): the
 * embedded Postgres under DATA_DIR only in development mode, else DATABASE_URL is required.
 */
export function loadDatabaseConfig(
  env: NodeJS.ProcessEnv = process.env,
): Pick<Config, 'devMode' | 'dataDir' | 'databaseUrl'> {
  const devMode = devModeFrom(env)
  const databaseUrl = env.DATABASE_URL || undefined
  if (!devMode && !databaseUrl)
    throw new ConfigError(
      'DATABASE_URL is required without DEV_MODE=1 (DEV_MODE=1 opens the embedded database under DATA_DIR)',
    )
  return { devMode, dataDir: path.resolve(env.DATA_DIR || path.join(REPO_ROOT, 'data')), databaseUrl }
}

/** `RAW_RETENTION_DAYS`: whole days of raw samples kept, at least 1 (0 would drop today's as they arrive). */
function retentionFrom(value: string | undefined): number {
  const days = intFrom(value, 90, 'RAW_RETENTION_DAYS')
  if (days < 1) throw new ConfigError(`RAW_RETENTION_DAYS must be at least 1, got "${value}"`)
  return days
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const devMode = devModeFrom(env)
  const host = env.HOST || '127.0.0.1'
  if (devMode) refuseExposedDevMode(env, host)
  else requireProductionServices(env)
  return {
    port: intFrom(env.PORT, 8080, 'PORT'),
    host,
    ...loadDatabaseConfig(env),
    databaseReadUrl: readUrlFrom(env.DATABASE_READ_URL),
    mailUrl: env.MAIL_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Kinetic <no-reply@kinetic.local>',
    demoData: devMode && env.DEMO_DATA !== '0',
    rateLimitPerMinute: intFrom(env.RATE_LIMIT_PER_MIN, 1200, 'RATE_LIMIT_PER_MIN'),
    codesPerIpHour: intFrom(env.CODES_PER_IP_HOUR, 30, 'CODES_PER_IP_HOUR'),
    webDist: path.resolve(env.WEB_DIST || path.join(REPO_ROOT, 'apps/web/dist')),
    checkResults: env.NODE_ENV === 'test' || env.CHECK_RESULTS === '1',
    logLevel: env.LOG_LEVEL || (env.NODE_ENV === 'test' ? 'warn' : 'info'),
    trustProxy: env.TRUST_PROXY === '1',
    treasuryKey: treasuryKeyFrom(env, devMode),
    treasuryFunders: fundersFrom(env.TREASURY_FUNDERS),
    publicOrigin: originFrom(env.PUBLIC_ORIGIN),
    settlementSchedule: env.SETTLEMENT_SCHEDULE ? env.SETTLEMENT_SCHEDULE === '1' : env.NODE_ENV !== 'test',
    jobsCronCheckSeconds: cronCheckFrom(env.JOBS_CRON_CHECK_S),
    rawRetentionDays: retentionFrom(env.RAW_RETENTION_DAYS),
    vapid: vapidFrom(env),
    push: pushFrom(env, devMode),
    chain: loadChainConfig(env, { devMode }),
  }
}

/** `DATABASE_READ_URL`: a PostgreSQL URL like DATABASE_URL's, or unset (every statement goes to DATABASE_URL). */
function readUrlFrom(value: string | undefined): string | undefined {
  if (!value) return undefined
  if (!/^postgres(ql)?:\/\//.test(value))
    throw new ConfigError(
      'DATABASE_READ_URL must be a postgres:// URL of a read replica of DATABASE_URL (or unset: every read goes to DATABASE_URL)',
    )
  return value
}

/** base64url without padding, as web-push writes the keys: 65 bytes public, 32 private. */
const BASE64URL = /^[A-Za-z0-9_-]+$/

function pushFrom(env: NodeJS.ProcessEnv, devMode: boolean): Config['push'] {
  const hosts = (env.PUSH_HOSTS ?? '')
    .split(',')
    .map((h) =>
      h
        .trim()
        .toLowerCase()
        .replace(/^\*?\./, '')
        .replace(/\.$/, ''),
    )
    .filter((h) => h !== '')
  for (const host of hosts)
    if (!/^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(host))
      throw new ConfigError(`PUSH_HOSTS must be comma-separated host names (push services' domains), got "${host}"`)
  const local = env.PUSH_ALLOW_LOCAL ?? ''
  if (local !== '' && local !== '0' && local !== '1')
    throw new ConfigError(`PUSH_ALLOW_LOCAL must be 1 or unset, got "${local}"`)
  if (local === '1' && env.NODE_ENV !== 'test' && !devMode)
    throw new ConfigError('PUSH_ALLOW_LOCAL=1 is for tests and development only (NODE_ENV=test or DEV_MODE=1)')
  return { hosts, localEndpoints: local === '1' }
}

function vapidFrom(env: NodeJS.ProcessEnv): Config['vapid'] {
  const publicKey = env.VAPID_PUBLIC_KEY || undefined
  const privateKey = env.VAPID_PRIVATE_KEY || undefined
  const mailbox = /<([^>]+)>/.exec(env.MAIL_FROM ?? '')?.[1] ?? env.MAIL_FROM
  const subject = env.VAPID_SUBJECT || `mailto:${mailbox || 'no-reply@kinetic.local'}`
  if (!/^(mailto:|https:\/\/)/.test(subject))
    throw new ConfigError('VAPID_SUBJECT must be a mailto: or https:// URL, e.g. mailto:ops@example.com')
  if (!publicKey && !privateKey) return { keys: undefined, subject }
  if (!publicKey || !privateKey)
    throw new ConfigError(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both (or neither, to generate a pair)',
    )
  const length = (key: string) => Buffer.from(key, 'base64url').length
  if (!BASE64URL.test(publicKey) || length(publicKey) !== 65)
    throw new ConfigError(
      'VAPID_PUBLIC_KEY must be a base64url P-256 public key (65 bytes), as `npx web-push generate-vapid-keys` prints',
    )
  if (!BASE64URL.test(privateKey) || length(privateKey) !== 32)
    throw new ConfigError(
      'VAPID_PRIVATE_KEY must be a base64url P-256 private key (32 bytes), as `npx web-push generate-vapid-keys` prints',
    )
  return { keys: { publicKey, privateKey }, subject }
}

/** pg-boss checks its cron schedules every 1 to 45 seconds. */
function cronCheckFrom(value: string | undefined): number {
  const seconds = intFrom(value, 30, 'JOBS_CRON_CHECK_S')
  if (seconds < 1 || seconds > 45) throw new ConfigError(`JOBS_CRON_CHECK_S must be 1 to 45, got ${seconds}`)
  return seconds
}
