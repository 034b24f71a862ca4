import { generate } from '@kinetic/watch-sim'
import type { FastifyBaseLogger } from 'fastify'
import { hashPassword } from '../../platform/auth/passwords.ts'
import type { Db } from '../../platform/db/client.ts'
import { ensureAccount } from '../account/index.ts'
import { bindDemoWatch, markSeen } from '../device/index.ts'
import { today } from './dates.ts'
import { demoRepo } from './demo.repo.ts'
import { hrMax } from './formulas.ts'
import type { HealthHooks } from './hooks.ts'
import { ingestService } from './ingest.ts'

/** The demo account of `npm start` (README): its watch has DEMO_DAYS of history, topped up at every start. */
export const DEMO_EMAIL = 'demo@kinetic.local'
export const DEMO_PASSWORD = 'demo1234'
export const DEMO_DAYS = 28
const DEMO_TZ = 'Asia/Shanghai'
const DEMO_BIRTHDAY = '1992-06-15'

/**
 * Development mode only (DEV_MODE=1). Runs after the server listens; a failure is logged, never fatal.
 * The new demo user has the fitness analysis unlocked for `fitnessDays` (the operator's setting).
 */
export async function seedDemoData(
  db: Db,
  log: FastifyBaseLogger,
  fitnessDays: () => Promise<number>,
  history = DEMO_DAYS,
  hooks?: Pick<HealthHooks, 'daysChanged'>,
): Promise<void> {
  const repo = demoRepo(db)
  const account = await ensureAccount(db, {
    email: DEMO_EMAIL,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    nickname: 'Demo',
    gender: 'male',
    birthday: DEMO_BIRTHDAY,
    height: 175,
    weight: 70,
    stride: 72,
    inviteCode: 'KWDEMXYZ',
    timeZone: DEMO_TZ,
  })
  const userId = account.id
  if (account.created) await repo.settings(userId, new Date(Date.now() + (await fitnessDays()) * 86_400_000))
  const watch = await bindDemoWatch(db, userId)
  if (!watch.boundToDemo) return
  const now = Math.floor(Date.now() / 1000)
  const last = await repo.lastHeartRate(userId)
  const days = last === null ? history : Math.min(history, Math.ceil((now - last) / 86_400) + 1)
  const end = today(DEMO_TZ)
  // the watch runs at the effort the app's zones read for this person (its HRmax from the birthday)
  const max = hrMax({ birthday: DEMO_BIRTHDAY, hrZone: null }, end)
  const samples = generate({ days, end, timeZone: DEMO_TZ, seed: userId, now, hrMax: max })
  const ingest = ingestService(db, hooks)
  const started = Date.now()
  const size = 40_000
  for (let i = 0; i < samples.heart_rate.length; i += size)
    await ingest.ingest(userId, { sent_at: now, heart_rate: samples.heart_rate.slice(i, i + size) })
  await ingest.ingest(userId, { ...samples, heart_rate: [], sent_at: now })
  await markSeen(db, watch.bindingId)
  log.info(
    { email: DEMO_EMAIL, days, samples: samples.heart_rate.length, ms: Date.now() - started },
    'demo user ready (password in README)',
  )
}
