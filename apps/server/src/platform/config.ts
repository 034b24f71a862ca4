import path from 'node:path'

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
  /** Where the built web app is served from. */
  webDist: string
  /** Validate every handler result against its contract (tests). */
  checkResults: boolean
  logLevel: string
  /** Behind a reverse proxy: take the client IP and protocol from X-Forwarded-* headers. */
  trustProxy: boolean
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
    webDist: path.resolve(env.WEB_DIST || path.join(REPO_ROOT, 'apps/web/dist')),
    checkResults: env.NODE_ENV === 'test' || env.CHECK_RESULTS === '1',
    logLevel: env.LOG_LEVEL || (env.NODE_ENV === 'test' ? 'warn' : 'info'),
    trustProxy: env.TRUST_PROXY === '1',
  }
}
