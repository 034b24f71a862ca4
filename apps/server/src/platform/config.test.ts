import { describe, expect, it } from 'vitest'
import { DEV_TREASURY_KEY } from '../chain/networks.ts'
import webpush from 'web-push'
import { loadConfig, loadDatabaseConfig } from './config.ts'

/** What a deployment gives: its own database, SMTP server and chain node. */
const DEPLOYMENT = {
  DATABASE_URL: 'postgres://kinetic@db.internal/kinetic',
  MAIL_URL: 'smtps://user:pass@smtp.example.com:465',
  CHAIN_RPC_URL: 'https://bsc.example',
  CHAIN_ID: '56',
}

describe('development mode (DEV_MODE)', () => {
  it('is off unless DEV_MODE=1: no outbox, demo data, SMS or dev treasury key', () => {
    const config = loadConfig({ ...DEPLOYMENT, CHAIN_ID: '31337', NODE_ENV: 'production' })
    expect(config).toMatchObject({ devMode: false, demoData: false, treasuryKey: undefined })
  })

  it('stops a start without DEV_MODE that lacks the database, mail or chain, naming each', () => {
    expect(() => loadConfig({})).toThrow(/^DATABASE_URL, MAIL_URL, CHAIN_RPC_URL are required: without DEV_MODE=1/)
    for (const name of ['DATABASE_URL', 'MAIL_URL', 'CHAIN_RPC_URL'] as const) {
      const env: Record<string, string> = { ...DEPLOYMENT }
      delete env[name]
      expect(() => loadConfig(env)).toThrow(new RegExp(`^${name} is required: without DEV_MODE=1`))
    }
    expect(() => loadConfig({ ...DEPLOYMENT, DEV_MODE: '0' })).not.toThrow()
  })

  it('falls back to the embedded Postgres, the dev chain and the outbox only under DEV_MODE=1', () => {
    const config = loadConfig({ DEV_MODE: '1' })
    expect(config).toMatchObject({ devMode: true, demoData: true, host: '127.0.0.1', treasuryKey: DEV_TREASURY_KEY })
    expect(config).toMatchObject({
      databaseUrl: undefined,
      mailUrl: undefined,
      chain: { rpcUrl: undefined, id: 31337 },
    })
    expect(loadConfig({ DEV_MODE: '1', DEMO_DATA: '0' }).demoData).toBe(false)
  })

  it('refuses DEV_MODE=1 on a host other than loopback, naming the reason', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'kinetic.example.com'])
      expect(() => loadConfig({ DEV_MODE: '1', HOST: host })).toThrow(
        new RegExp(
          `^DEV_MODE=1 refuses HOST=${host.replace(/\./g, '\\.')}: development mode lists every verification code`,
        ),
      )
    for (const host of ['127.0.0.1', '127.0.1.1', '::1', 'localhost'])
      expect(loadConfig({ DEV_MODE: '1', HOST: host }).host).toBe(host)
  })

  it('refuses DEV_MODE=1 on BSC and its testnet, and with NODE_ENV=production', () => {
    expect(() => loadConfig({ ...DEPLOYMENT, DEV_MODE: '1' })).toThrow(/^DEV_MODE=1 refuses CHAIN_ID 56 \(BSC\)/)
    expect(() => loadConfig({ ...DEPLOYMENT, CHAIN_ID: '97', DEV_MODE: '1' })).toThrow(
      /^DEV_MODE=1 refuses CHAIN_ID 97 \(BSC testnet\)/,
    )
    expect(() => loadConfig({ DEV_MODE: '1', NODE_ENV: 'production' })).toThrow(
      /^DEV_MODE=1 refuses NODE_ENV=production/,
    )
  })

  it('takes only 1, 0 or nothing for DEV_MODE', () => {
    expect(() => loadConfig({ DEV_MODE: 'true' })).toThrow('DEV_MODE must be 1 or unset, got "true"')
  })

  it('gives the operator commands their database only from DATABASE_URL outside development mode', () => {
    expect(() => loadDatabaseConfig({})).toThrow(/^DATABASE_URL is required without DEV_MODE=1/)
    expect(loadDatabaseConfig({ DATABASE_URL: DEPLOYMENT.DATABASE_URL }).databaseUrl).toBe(DEPLOYMENT.DATABASE_URL)
    expect(loadDatabaseConfig({ DEV_MODE: '1' })).toMatchObject({ devMode: true, databaseUrl: undefined })
  })
})

describe('the read replica (DATABASE_READ_URL)', () => {
  it('is unset unless given (every statement on DATABASE_URL), and refuses what is no PostgreSQL URL', () => {
    expect(loadConfig(DEPLOYMENT).databaseReadUrl).toBeUndefined()
    const replica = 'postgresql://kinetic@replica.internal/kinetic'
    expect(loadConfig({ ...DEPLOYMENT, DATABASE_READ_URL: replica }).databaseReadUrl).toBe(replica)
    expect(() => loadConfig({ ...DEPLOYMENT, DATABASE_READ_URL: 'replica.internal:5432' })).toThrow(
      /^DATABASE_READ_URL must be a postgres:\/\/ URL of a read replica/,
    )
  })
})

describe('the jobs’ cron check (JOBS_CRON_CHECK_S)', () => {
  it('is 30 seconds unless set, and refuses what pg-boss would (outside 1–45), naming it', () => {
    expect(loadConfig(DEPLOYMENT).jobsCronCheckSeconds).toBe(30)
    expect(loadConfig({ ...DEPLOYMENT, JOBS_CRON_CHECK_S: '1' }).jobsCronCheckSeconds).toBe(1)
    for (const value of ['0', '46', 'soon'])
      expect(() => loadConfig({ ...DEPLOYMENT, JOBS_CRON_CHECK_S: value })).toThrow(/^JOBS_CRON_CHECK_S must be/)
  })
})

describe('the treasury’s funders (TREASURY_FUNDERS) and the public origin (PUBLIC_ORIGIN)', () => {
  it('lists no funder unless set, takes addresses separated by commas (lower-cased), refuses anything else', () => {
    expect(loadConfig(DEPLOYMENT).treasuryFunders).toEqual([])
    const funders = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266, 0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
    expect(loadConfig({ ...DEPLOYMENT, TREASURY_FUNDERS: funders }).treasuryFunders).toEqual([
      '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
      '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
    ])
    expect(() => loadConfig({ ...DEPLOYMENT, TREASURY_FUNDERS: '0x1234' })).toThrow(/^TREASURY_FUNDERS must be/)
  })

  it('takes an http(s) origin without a path, else none (each request’s own), and refuses anything else', () => {
    expect(loadConfig(DEPLOYMENT).publicOrigin).toBeUndefined()
    expect(loadConfig({ ...DEPLOYMENT, PUBLIC_ORIGIN: 'https://app.example.com/' }).publicOrigin).toBe(
      'https://app.example.com',
    )
    for (const value of ['app.example.com', 'ftp://app.example.com', 'https://app.example.com/wallet'])
      expect(() => loadConfig({ ...DEPLOYMENT, PUBLIC_ORIGIN: value })).toThrow(/^PUBLIC_ORIGIN must be/)
  })
})

describe('the raw samples kept (RAW_RETENTION_DAYS)', () => {
  it('is 90 days unless set, and refuses less than a day or a non-number, naming it', () => {
    expect(loadConfig(DEPLOYMENT).rawRetentionDays).toBe(90)
    expect(loadConfig({ ...DEPLOYMENT, RAW_RETENTION_DAYS: '30' }).rawRetentionDays).toBe(30)
    for (const value of ['0', '-3', '1.5', 'forever'])
      expect(() => loadConfig({ ...DEPLOYMENT, RAW_RETENTION_DAYS: value })).toThrow(/^RAW_RETENTION_DAYS must be/)
  })
})

describe('the Web Push keys (VAPID_*)', () => {
  const pair = webpush.generateVAPIDKeys()
  it('are none unless set (the server generates a pair once), with MAIL_FROM’s address as the contact', () => {
    expect(loadConfig({ ...DEPLOYMENT, MAIL_FROM: 'Kinetic <ops@kinetic.example>' }).vapid).toEqual({
      keys: undefined,
      subject: 'mailto:ops@kinetic.example',
    })
  })

  it('take a configured pair and contact', () => {
    const env = { ...DEPLOYMENT, VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey }
    expect(loadConfig({ ...env, VAPID_SUBJECT: 'https://kinetic.example/contact' }).vapid).toEqual({
      keys: pair,
      subject: 'https://kinetic.example/contact',
    })
  })

  it('refuse half a pair, a key that is none, or a contact that is no mailto: or https: URL, naming it', () => {
    expect(() => loadConfig({ ...DEPLOYMENT, VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(
      /VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together/,
    )
    expect(() => loadConfig({ ...DEPLOYMENT, VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: pair.privateKey })).toThrow(
      /^VAPID_PUBLIC_KEY must be a base64url P-256 public key/,
    )
    expect(() =>
      loadConfig({ ...DEPLOYMENT, VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.publicKey }),
    ).toThrow(/^VAPID_PRIVATE_KEY must be a base64url P-256 private key/)
    expect(() => loadConfig({ ...DEPLOYMENT, VAPID_SUBJECT: 'ops@kinetic.example' })).toThrow(/^VAPID_SUBJECT must be/)
  })
})

describe('push endpoints (PUSH_HOSTS, PUSH_ALLOW_LOCAL)', () => {
  it('takes push service host suffixes; the local stand-in only under NODE_ENV=test or DEV_MODE', () => {
    const config = loadConfig({ ...DEPLOYMENT, PUSH_HOSTS: ' FCM.googleapis.com, *.push.apple.com ,' })
    expect(config.push).toEqual({ hosts: ['fcm.googleapis.com', 'push.apple.com'], localEndpoints: false })
    expect(() => loadConfig({ ...DEPLOYMENT, PUSH_HOSTS: 'https://fcm.googleapis.com' })).toThrow(/^PUSH_HOSTS must/)
    expect(() => loadConfig({ ...DEPLOYMENT, NODE_ENV: 'production', PUSH_ALLOW_LOCAL: '1' })).toThrow(
      /^PUSH_ALLOW_LOCAL=1 is for tests and development only/,
    )
    expect(loadConfig({ ...DEPLOYMENT, NODE_ENV: 'test', PUSH_ALLOW_LOCAL: '1' }).push.localEndpoints).toBe(true)
    expect(loadConfig({ DEV_MODE: '1', PUSH_ALLOW_LOCAL: '1' }).push.localEndpoints).toBe(true)
    expect(loadConfig({ DEV_MODE: '1' }).push.localEndpoints).toBe(false)
  })
})
