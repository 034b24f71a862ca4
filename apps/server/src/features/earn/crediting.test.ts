import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { fingerprint } from '../../../test/fingerprint.ts'
import { upload as uploadFile } from '../../../test/multipart.ts'
import { Client, registerUser, rowCount, startTestApp, type TestApp } from '../../../test/harness.ts'
import { MIGRATIONS_DIR } from '../../platform/db/migrate.ts'
import { ensureAccount } from '../account/index.ts'
import { addDays, ingestService, today } from '../health/index.ts'
import { aBoundWatch, aUser, noonZone, nowS, ok, refused, upload } from '../health/health.testkit.ts'
import { crediting } from './crediting.ts'
import {
  balanceOf,
  creditedEnergy as creditedEnergyOf,
  energyPostings as energyPostingsOf,
  expectReconciled,
} from './earn.testkit.ts'
import { referrals } from './referrals.ts'
import { earnSettings } from './settings.ts'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterEach(() => expectReconciled(app))
afterAll(() => app?.close())

const ZONE = noonZone()
const daysAgo = (n: number) => addDays(today(ZONE), -n)

/** 60 minutes of walking at 100 steps a minute ending `n` days ago: 6,000 steps + 60 active minutes = 72 energy. */
const WALK_ENERGY = 7200n
const walkDaysAgo = (n: number) => {
  const end = nowS() - n * 86_400 - 60
  return { steps: Array.from({ length: 60 }, (_, i) => ({ t: end - (60 - i) * 60, count: 100 })) }
}

let watches = 0
/** A user in the noon zone who consented to exercise data, with a bound watch. */
async function aWalker() {
  const user = await aUser(app, ZONE)
  await ok(user, '/v1/authorize', { exercise: '1' })
  const { token } = await aBoundWatch(app, user, watches++)
  return { user, token }
}

const credit = () => crediting({ db: app.database.db, settings: earnSettings(app.database.db) })
const creditedEnergy = (userId: number, expected: bigint) => creditedEnergyOf(app, userId, expected)
const energyPostings = (userId: number) => energyPostingsOf(app, userId)

describe('energy credited when the data arrives', () => {
  it('credits a day uploaded 3 days late without Home being read', async () => {
    const { user, token } = await aWalker()
    expect((await upload(app, token, walkDaysAgo(3))).status).toBe(200)
    await creditedEnergy(user.id, WALK_ENERGY)
    // Home shows it among the records, and today's credit stays today's
    const home = await ok(user, '/v1/gethome')
    expect(home.energy).toBe('72')
    expect(home.today_energy).toMatchObject({ credited: '0' })
    expect(home.records[0]).toMatchObject({ asset: 'energy', amount: '72', kind: 'energy' })
  })

  it('credits a week of days stored without a credit (never opened) in the daily catch-up', async () => {
    // consent and data stored as a lost credit would leave them: health's rows only, no job sent
    const user = await aUser(app, ZONE)
    await app.database.pool.query('INSERT INTO health_consents (user_id, exercise) VALUES ($1, true)', [user.id])
    for (let n = 0; n < 7; n++)
      await ingestService(app.database.db).ingest(user.id, { sent_at: nowS(), ...walkDaysAgo(n) })
    expect(await balanceOf(app, user.id, 'energy')).toBe(0n)
    expect(await credit().catchUp()).toBeGreaterThanOrEqual(1)
    expect(await balanceOf(app, user.id, 'energy')).toBe(7n * WALK_ENERGY)
    expect(await energyPostings(user.id)).toBe(7)
    // a second catch-up pays nothing more, and writes nothing Home shows (its version stays)
    const version = () =>
      app.database.pool.query('SELECT home AS version FROM read_versions WHERE user_id = $1', [user.id])
    const before = (await version()).rows
    await credit().catchUp()
    expect(await balanceOf(app, user.id, 'energy')).toBe(7n * WALK_ENERGY)
    expect((await version()).rows).toEqual(before)
  })

  it('never credits the days of an imported Kinetic export, not even in the catch-up', async () => {
    const { user, token } = await aWalker()
    expect((await upload(app, token, walkDaysAgo(1))).status).toBe(200)
    await creditedEnergy(user.id, WALK_ENERGY)
    const exported = await app.server.inject({
      method: 'GET',
      url: `/v1/health/export?from=${daysAgo(2)}&to=${daysAgo(0)}&account=${user.id}`,
      headers: { cookie: [...user.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    })
    expect(exported.statusCode).toBe(200)
    const other = await aUser(app, ZONE)
    await ok(other, '/v1/authorize', { exercise: '1' })
    const file = { name: 'export.zip', type: 'application/zip', bytes: exported.rawPayload }
    const imported = await uploadFile(other, '/v1/health_import', file)
    expect(imported.body).toMatchObject({ code: true, data: { kind: 'kinetic', earns: false } })
    expect((await ok(other, '/v1/well', { date: daysAgo(1) })).totals.steps).toBe(6000)
    await credit().catchUp()
    expect(await credit().creditDay(other.id, daysAgo(1))).toBeNull()
    expect(await balanceOf(app, other.id, 'energy')).toBe(0n)
    expect(await energyPostings(other.id)).toBe(0)
  })

  it('never credits a day older than the window, which still counts in health', async () => {
    const { user, token } = await aWalker()
    const old = daysAgo(7) // the window is the last 7 local days, today included
    expect((await upload(app, token, walkDaysAgo(7))).status).toBe(200)
    expect(await credit().creditDay(user.id, old)).toBeNull()
    await credit().catchUp()
    expect(await balanceOf(app, user.id, 'energy')).toBe(0n)
    expect(await energyPostings(user.id)).toBe(0)
    expect((await ok(user, '/v1/well', { date: old })).totals.steps).toBe(6000)
    // the window is stated in the rules
    expect((await ok(user, '/v1/rules')).rules).toMatchObject({ energy_window_days: 7 })
  })

  it('pays a day once when it is credited twice, concurrently', async () => {
    const { user } = await aWalker()
    await ingestService(app.database.db).ingest(user.id, { sent_at: nowS(), ...walkDaysAgo(1) })
    const day = daysAgo(1)
    const results = await Promise.all(Array.from({ length: 20 }, () => credit().creditDay(user.id, day)))
    expect(results.every((r) => r === WALK_ENERGY)).toBe(true)
    expect(await balanceOf(app, user.id, 'energy')).toBe(WALK_ENERGY)
    expect(await energyPostings(user.id)).toBe(1)
  })

  it('credits stored days when exercise consent is given', async () => {
    const user = await aUser(app, ZONE)
    const { token } = await aBoundWatch(app, user, watches++)
    expect((await upload(app, token, walkDaysAgo(2))).status).toBe(200)
    expect(await balanceOf(app, user.id, 'energy')).toBe(0n)
    await ok(user, '/v1/authorize', { exercise: '1' })
    await creditedEnergy(user.id, WALK_ENERGY)
  })
})

describe('reads never write', () => {
  /** The sessions' rows without the last-seen time and the expiry it slides. */
  const sessionsDigest = async () =>
    (
      await app.database.pool.query<{ h: string }>(
        `SELECT md5(coalesce(string_agg((to_jsonb(s) - 'last_seen_at' - 'expires_at')::text, '|' ORDER BY s.id), '')) AS h
         FROM sessions s`,
      )
    ).rows[0]?.h

  // 1,000 reads: 30 s and more on a loaded 2-core machine
  it(
    'leaves every table but the sessions’ last-seen time unchanged after 1,000 reads',
    { timeout: 120_000 },
    async () => {
      const { user, token } = await aWalker()
      const invitee = await aUser(app)
      await app.database.pool.query('UPDATE users SET invited_by = $1 WHERE id = $2', [user.id, invitee.id])
      // today's and yesterday's walks, and an invitation: everything a read used to credit
      expect((await upload(app, token, walkDaysAgo(0))).status).toBe(200)
      expect((await upload(app, token, walkDaysAgo(1))).status).toBe(200)
      await creditedEnergy(user.id, 2n * WALK_ENERGY)
      await ok(user, '/v1/gethome')
      await ok(user, '/v1/getstore', { type: 'virtual' })

      const tables = await fingerprint(app)
      const sessions = await sessionsDigest()
      const reads = ['/v1/gethome', '/v1/getstore', '/v1/balances', '/v1/invite', '/v1/find', '/v1/ledger']
      for (let i = 0; i < 1000; i += 10)
        await Promise.all(Array.from({ length: 10 }, (_, j) => ok(user, reads[(i + j) % reads.length]!, {})))
      expect(await fingerprint(app)).toEqual(tables)
      expect(await sessionsDigest()).toBe(sessions)
    },
  )
})

/** The `-- data:` SQL of the migration that made the referral backlog (whatever its number). */
function backlogMigrationData(): string {
  const creates = (f: string) =>
    readFileSync(path.join(MIGRATIONS_DIR, f), 'utf8').includes('"earn_referral_backlog" (')
  const file = readdirSync(MIGRATIONS_DIR).find((f) => f.endsWith('.sql') && creates(f))
  if (!file) throw new Error('no migration creates earn_referral_backlog')
  const text = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8')
  return text.slice(text.indexOf('-- data:'))
}

describe('referral rewards', () => {
  it('makes the inviter’s points spendable as soon as the invitee registers, with no read in between', async () => {
    const inviter = await aUser(app)
    const code = (await app.database.pool.query('SELECT invite_code FROM users WHERE id = $1', [inviter.id])).rows[0]
      .invite_code as string
    await registerUser(new Client(app.server), `invitee-${Date.now()}@example.com`, 'secret123', { invite_code: code })
    // 1,000 points buy 200 energy at 5 points each
    const supplied = await ok(inviter, '/v1/supply', { amount: '200', request_id: 'first-spend' })
    expect(supplied).toMatchObject({ points: 0, energy: '200', cost_points: 1000 })
    expect(await rowCount(app, 'ledger_postings', `kind = 'referral'`)).toBeGreaterThanOrEqual(1)
  })

  it('pays the invitees the migration listed once, however many instances start at once', async () => {
    const inviter = await aUser(app)
    const before = await balanceOf(app, inviter.id)
    // accounts invited before rewards were paid at registration (no reward posted for them)
    const listed = []
    for (let i = 0; i < 3; i++) {
      const { id } = await ensureAccount(app.database.db, {
        email: `listed-${i}-${Date.now()}@example.com`,
        passwordHash: 'x',
        nickname: 'listed',
        inviteCode: `LST${i}${inviter.id}`,
        invitedBy: inviter.id,
      })
      listed.push(id)
    }
    expect(await balanceOf(app, inviter.id)).toBe(before)
    // the migration's data block lists them, and no invitee paid already
    await app.database.pool.query(backlogMigrationData())
    const { rows } = await app.database.pool.query<{ id: string }>('SELECT invited_id AS id FROM earn_referral_backlog')
    expect(rows.map((r) => Number(r.id))).toEqual(expect.arrayContaining(listed))
    const paidListed = `EXISTS (SELECT 1 FROM ledger_postings p WHERE p.idempotency_key = 'referral:' || invited_id::text)`
    expect(await rowCount(app, 'earn_referral_backlog', paidListed)).toBe(0)
    const step = () => referrals({ db: app.database.db, settings: earnSettings(app.database.db) }).payBacklog()
    await Promise.all([step(), step(), step()])
    expect(await balanceOf(app, inviter.id)).toBe(before + 3000n)
    expect(await rowCount(app, 'earn_referral_backlog')).toBe(0)
    await step()
    expect(await balanceOf(app, inviter.id)).toBe(before + 3000n)
    const page = await ok(inviter, '/v1/invite')
    expect(page).toMatchObject({ total: 3, received_points: 3000 })
    expect((await refused(inviter, '/v1/supply', { amount: '601', request_id: 'too-much' })).error).toBe(
      'INSUFFICIENT_POINTS',
    )
  })
})
