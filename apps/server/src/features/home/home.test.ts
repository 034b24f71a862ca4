import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { rowCount, startTestApp, type TestApp } from '../../../test/harness.ts'
import { aBoundWatch, aUser, noonZone, nowS, ok, refused, upload } from '../health/health.testkit.ts'
import {
  balanceOf,
  creditedEnergy as creditedEnergyOf,
  energyPostings as energyPostingsOf,
  expectReconciled,
  give,
} from '../earn/earn.testkit.ts'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterEach(() => expectReconciled(app))
afterAll(() => app?.close())

let watches = 0
/** A user in the noon zone with a bound demo watch. */
async function aWalker() {
  const user = await aUser(app, noonZone())
  const { token } = await aBoundWatch(app, user, watches++)
  return { user, token }
}

/** `minutes` minutes of walking at `perMinute` steps, ending `endMinutesAgo` minutes ago. */
async function walk(token: string, minutes: number, perMinute = 100, endMinutesAgo = 1) {
  const end = nowS() - endMinutesAgo * 60
  const steps = Array.from({ length: minutes }, (_, i) => ({ t: end - (minutes - i) * 60, count: perMinute }))
  const { status } = await upload(app, token, { steps })
  expect(status).toBe(200)
}

const creditedEnergy = (userId: number, expected: bigint) => creditedEnergyOf(app, userId, expected)
const energyPostings = (userId: number) => energyPostingsOf(app, userId)

describe('energy from authorized activity', () => {
  it('credits only the kinds the user consented to', async () => {
    const { user, token } = await aWalker()
    await walk(token, 60) // 6,000 steps in 60 brisk minutes: 60 + 12 energy
    const now = nowS()
    const sleep = [
      { start: now - 4 * 3600, end: now - 3 * 3600, stage: 'light' },
      { start: now - 3 * 3600, end: now - 2 * 3600, stage: 'deep' },
    ]
    expect((await upload(app, token, { sleep })).status).toBe(200)

    const before = await ok(user, '/v1/gethome')
    expect(before.sports.steps).toBe(6000)
    expect(before.energy).toBe('0')
    expect(before.today_energy).toMatchObject({ credited: '0', steps: '0', active: '0', sleep: '0' })

    // consenting credits the stored days: Home then shows it
    await ok(user, '/v1/authorize', { exercise: '1' })
    await creditedEnergy(user.id, 7200n)
    const exercise = await ok(user, '/v1/gethome')
    expect(exercise.today_energy).toMatchObject({ credited: '72', steps: '60', active: '12', sleep: '0' })
    expect(exercise.energy).toBe('72')

    await ok(user, '/v1/authorize', { sleep: '1' })
    await creditedEnergy(user.id, 7600n)
    const both = await ok(user, '/v1/gethome')
    expect(both.today_energy).toMatchObject({ credited: '76', sleep: '4' })
    expect(both.sleep).toEqual({ minutes: 120 })
    expect(both.records[0]).toMatchObject({ asset: 'energy', amount: '4', kind: 'energy' })

    // withdrawing consent credits nothing more, and takes nothing back
    await ok(user, '/v1/authorize', { exercise: '0', sleep: '0' })
    await walk(token, 10, 100, 70)
    await ok(user, '/v1/authorize', { heart_rate: '1' }) // a consent change credits the window again: still nothing
    const after = await ok(user, '/v1/gethome')
    expect(after.energy).toBe('76')
    expect(after.today_energy).toMatchObject({ credited: '76', steps: '0', sleep: '0' })
    expect(await energyPostings(user.id)).toBe(2)
  })

  it('tops a growing day up to the daily cap as its data arrives, paying the cap at most once', async () => {
    const { user, token } = await aWalker()
    await ok(user, '/v1/authorize', { exercise: '1' })
    await walk(token, 30) // 3,000 steps, 30 active minutes: 36 energy
    await creditedEnergy(user.id, 3600n)
    await walk(token, 20, 100, 40) // 5,000 steps, 50 minutes: 60
    await creditedEnergy(user.id, 6000n)
    // 15,000 steps (150 + 30, capped at 100) arrive in five batches at once
    await Promise.all(Array.from({ length: 5 }, (_, i) => walk(token, 20, 100, 70 + i * 20)))
    await creditedEnergy(user.id, 10000n)
    expect(await energyPostings(user.id)).toBeLessThanOrEqual(8)
    const home = await ok(user, '/v1/gethome')
    expect(home.energy).toBe('100')
    expect(home.today_energy).toMatchObject({ credited: '100', cap: '100', steps: '150', active: '30' })
  })
})

describe('contributing and obtaining energy', () => {
  const entries = () => rowCount(app, 'ledger_entries')

  it('turns energy into computing power once per request and refuses bad amounts without writing', async () => {
    const user = await aUser(app)
    await give(app, user.id, 1000n, 'energy') // 10 energy
    const written = await entries()
    for (const [amount, error] of [
      ['-1', 'FIELD_INVALID'],
      ['0', 'AMOUNT_INVALID'],
      ['1.234', 'AMOUNT_DECIMALS'],
      ['10.01', 'INSUFFICIENT_BALANCE'],
      ['0.0', 'AMOUNT_INVALID'],
    ] as const) {
      const answer = await refused(user, '/v1/finalize', { amount, request_id: 'f1' })
      expect(answer.error, amount).toBe(error)
      expect(answer.fields).toHaveProperty('amount')
    }
    expect((await user.call('/v1/finalize', { amount: '99', request_id: 'f1' }, { lang: 'zh-cn' })).body.msg).toBe(
      '余额不足',
    )
    expect(await entries()).toBe(written)
    expect(await balanceOf(app, user.id, 'energy')).toBe(1000n)

    const results = await Promise.all(
      Array.from({ length: 20 }, () => user.call('/v1/finalize', { amount: '2.5', request_id: 'f2' })),
    )
    expect(results.every((r) => r.body.code === true)).toBe(true)
    expect(results[0]!.body.data).toMatchObject({ added_power: '0.25' })
    expect(await balanceOf(app, user.id, 'energy')).toBe(750n)
    expect(await balanceOf(app, user.id, 'power')).toBe(2500n)
    expect((await refused(user, '/v1/finalize', { amount: '1', request_id: 'f2' })).error).toBe(
      'IDEMPOTENCY_KEY_REUSED',
    )
  })

  it('sells energy for points at the configured price, once per request', async () => {
    const user = await aUser(app)
    await give(app, user.id, 100n)
    const written = await entries()
    for (const [amount, error] of [
      ['-5', 'FIELD_INVALID'],
      ['20.001', 'AMOUNT_DECIMALS'],
      ['20.01', 'INSUFFICIENT_POINTS'],
      ['', 'FIELD_REQUIRED'],
    ] as const)
      expect((await refused(user, '/v1/supply', { amount, request_id: 's1' })).error, amount).toBe(error)
    expect(await entries()).toBe(written)

    const results = await Promise.all(
      Array.from({ length: 20 }, () => user.call('/v1/supply', { amount: '2.51', request_id: 's2' })),
    )
    expect(results.every((r) => r.body.code === true)).toBe(true)
    expect(results[0]!.body.data).toEqual({ energy: '2.51', points: 87, cost_points: 13 })
    expect(await balanceOf(app, user.id)).toBe(87n)
    expect(await balanceOf(app, user.id, 'energy')).toBe(251n)
  })
})

describe('tasks', () => {
  const task = async (user: Awaited<ReturnType<typeof aUser>>, id: string) =>
    ((await ok(user, '/v1/gethome')).tasks as { id: string; state: string; period: string }[]).find((t) => t.id === id)!

  it('pays a finished task once under 50 concurrent receives, then shows it done', async () => {
    const user = await aUser(app)
    expect(await task(user, 'set_goal')).toMatchObject({ state: 'go', period: 'once', link: '/dailyGoal' })
    await ok(user, '/v1/targetpost', { step: 1000, calorie: 50, distance: 500 })
    expect((await task(user, 'set_goal')).state).toBe('receive')
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => user.call('/v1/taskreceive', { id: 'set_goal', period: 'once' })),
    )
    expect(answers.every((a) => a.body.code === true)).toBe(true)
    expect(await balanceOf(app, user.id)).toBe(50n)
    expect((await task(user, 'set_goal')).state).toBe('done')
  })

  it('refuses an unfinished task and an expired period, paying nothing', async () => {
    const { user, token } = await aWalker()
    const step = await task(user, 'step_goal')
    expect(step.state).toBe('go')
    expect((await refused(user, '/v1/taskreceive', { id: 'step_goal', period: step.period })).error).toBe(
      'TASK_NOT_DONE',
    )
    await ok(user, '/v1/authorize', { exercise: '1' })
    await ok(user, '/v1/targetpost', { step: 1000, calorie: 50, distance: 500 })
    await walk(token, 12)
    expect((await task(user, 'step_goal')).state).toBe('receive')
    const expired = await refused(user, '/v1/taskreceive', { id: 'step_goal', period: '2020-01-01' })
    expect(expired.error).toBe('TASK_EXPIRED')
    expect(expired.msg).toBe('This task has expired: its period is over')
    expect((await refused(user, '/v1/taskreceive', { id: 'nope', period: step.period })).error).toBe('FIELD_INVALID')
    const points = await balanceOf(app, user.id)
    await ok(user, '/v1/taskreceive', { id: 'step_goal', period: step.period })
    expect((await balanceOf(app, user.id)) - points).toBe(10n)
    expect((await task(user, 'step_goal')).state).toBe('done')
  })
})

describe("Home's kept answer", () => {
  it('is answered after one read while nothing changed, and never outlives a change of what it shows', async () => {
    const { user, token } = await aWalker()
    const first = await ok(user, '/v1/gethome')
    // unchanged: one short read (the session comes from its cache)
    const again = await app.roundTrips(() => ok(user, '/v1/gethome'))
    expect(again.trips).toBe(1)
    expect(again.result).toEqual(first)

    // each change through the API shows at once
    await walk(token, 30)
    expect((await ok(user, '/v1/gethome')).sports.steps).toBe(3000)
    await ok(user, '/v1/targetpost', { step: 4000, calorie: 50, distance: 500 })
    expect((await ok(user, '/v1/gethome')).goal).toMatchObject({ step: 4000, met: false })
    await ok(user, '/v1/authorize', { exercise: '1' })
    expect((await ok(user, '/v1/gethome')).consent).toMatchObject({ exercise: true })
    await give(app, user.id, 40n)
    const given = await ok(user, '/v1/gethome')
    expect(given.points).toBe(40)
    expect(given.records[0]).toMatchObject({ asset: 'points', amount: '40' })

    // and a change made in the database by anything else (an operator's SQL, another service)
    await app.database.pool.query('UPDATE health_goals SET step = 3000 WHERE user_id = $1', [user.id])
    expect((await ok(user, '/v1/gethome')).goal).toMatchObject({ step: 3000, met: true })
    await app.database.pool.query(`UPDATE users SET time_zone = 'Pacific/Kiritimati' WHERE id = $1`, [user.id])
    const moved = await ok(user, '/v1/gethome')
    expect(moved.date).toBe(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati', dateStyle: 'short' }).format(new Date()),
    )
  })
})
