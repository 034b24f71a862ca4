import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { Client, rowCount, startTestApp, type TestApp } from '../../../test/harness.ts'
import { aUser, balanceOf, expectReconciled, give, ok, refused } from './earn.testkit.ts'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterEach(() => expectReconciled(app))
afterAll(() => app?.close())

describe('invitations and the trading history', () => {
  it('pays the referral reward at the invitee’s registration, once, and reads only show it', async () => {
    const inviter = await aUser(app)
    const invitee = await aUser(app, { invite_code: inviter.user.invite_code })
    expect(await balanceOf(app, inviter.user.id)).toBe(1000n)
    const answers = await Promise.all(Array.from({ length: 30 }, () => inviter.call('/v1/invite')))
    expect(answers.every((a) => a.body.code === true)).toBe(true)
    expect(await balanceOf(app, inviter.user.id)).toBe(1000n)
    expect(await rowCount(app, 'ledger_postings', 'idempotency_key = $1', [`referral:${invitee.user.id}`])).toBe(1)

    const page = await ok(inviter, '/v1/invite')
    expect(page).toMatchObject({
      invite_code: inviter.user.invite_code,
      reward_points: 1000,
      received_points: 1000,
      points: 1000,
      total: 1,
      list: [{ account: `${invitee.user.email.slice(0, 2)}***@example.com`, points: 1000 }],
    })
    const history = await ok(inviter, '/v1/ledger')
    expect(history.list).toEqual([
      expect.objectContaining({ asset: 'points', amount: '1000', balance: '1000', kind: 'referral' }),
    ])
    expect((await ok(invitee, '/v1/invite')).total).toBe(0)
  })

  it('shows a referral’s points in the shop with no other read before', async () => {
    const inviter = await aUser(app)
    await aUser(app, { invite_code: inviter.user.invite_code })
    expect((await ok(inviter, '/v1/getstore')).points).toBe(1000)
  })

  it('refuses a registration with an unknown invite code and pays no one', async () => {
    const postings = await rowCount(app, 'ledger_postings', `kind = 'referral'`)
    await expect(aUser(app, { invite_code: 'NOPE0000' })).rejects.toThrow(/INVITE_CODE_INVALID/)
    expect(await rowCount(app, 'ledger_postings', `kind = 'referral'`)).toBe(postings)
  })

  it('filters the history by asset and direction and pages it', async () => {
    const client = await aUser(app)
    await give(app, client.user.id, 10n)
    await give(app, client.user.id, 20n)
    await give(app, client.user.id, 5n, 'energy')
    expect((await ok(client, '/v1/ledger', { asset: 'points' })).total).toBe(2)
    expect((await ok(client, '/v1/ledger', { direction: 'out' })).total).toBe(0)
    const energy = await ok(client, '/v1/ledger', { asset: 'energy', direction: 'in' })
    expect(energy.list.map((e: { amount: string }) => e.amount)).toEqual(['0.05'])
    const second = await ok(client, '/v1/ledger', { page: 2, limit: 2 })
    expect(second).toMatchObject({ total: 3, page: 2, limit: 2, list: [{ amount: '10' }] })
    expect((await refused(client, '/v1/ledger', { asset: 'gold' })).error).toBe('FIELD_INVALID')
    expect((await refused(client, '/v1/ledger', { direction: 'sideways' })).error).toBe('FIELD_INVALID')
  })

  it('shows the rules to anyone', async () => {
    const rules = await ok(new Client(app.server), '/v1/rules')
    expect(rules.rules).toMatchObject({ referral_reward_points: 1000, physical_fitness_days: 30 })
  })
})
