import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../test/harness.ts'
import { startClockAt } from '../../platform/test-clock.ts'
import { aHolder, anOperator, requestId, type Operator } from '../discover/discover.testkit.ts'
import { aUser, expectReconciled, ok } from './earn.testkit.ts'
import { knt } from './settlement.ts'

/**
 * Discover (/v1/find) and the economy page (/v1/economy) tell one story: the same day of the
 * stage and the UTC settlement day it counts, the staking pool's rule and what a day left
 * unissued, and what a unit of power or of stake would earn today.
 */

// 01:30 on the 29th in Asia/Shanghai (the test accounts' zone), still the 28th in UTC
const NOW = '2026-11-28T17:30:00Z'
const YESTERDAY = '2026-11-27'
const TODAY = '2026-11-28'

let app: TestApp
let ops: Operator
beforeAll(async () => {
  startClockAt(NOW)
  app = await startTestApp()
  ops = await anOperator(app)
})
afterEach(() => expectReconciled(app))
afterAll(() => app?.close())

describe('one economy on Discover and the economy page', () => {
  let staker: Awaited<ReturnType<typeof aUser>>

  it('estimates what a unit of power and a staked KNT earn from today’s pools, on both pages', async () => {
    await aHolder(app, await aUser(app), { power: '10' })
    staker = await aHolder(app, await aUser(app), { staked: '150' })
    // today's pools (stage 1): 8000 KNT to 10 power, 2000 KNT to the 150 KNT of the one active node
    const expected = { per_power: '800', per_staked: '13.333333333333333333' }
    expect((await ok(staker, '/v1/economy')).estimate).toEqual(expected)
    expect((await ok(staker, '/v1/find')).estimate).toEqual(expected)
  })

  it('leaves the staking pool unissued when no node is active, says why, and the row reconciles', async () => {
    await ok(staker, '/v1/pledge', { action: 'unstake', amount: '60', request_id: requestId('unstake') })
    // before the day is settled: the rule the staking pool follows is in the answers
    const before = await ok(staker, '/v1/find')
    expect(before.node).toMatchObject({ staked: '90', active: false, activate_min: '100' })
    expect(before.stage.token_min).toBe('100')

    await ops.settle(YESTERDAY)
    const { last_settlement: row, stage } = await ok(staker, '/v1/economy')
    expect(stage.token_min).toBe('100')
    expect(row).toMatchObject({
      day: YESTERDAY,
      emission: '10000',
      computing_pool: '8000',
      token_pool: '2000',
      issued: '8000',
      unissued: '2000',
      total_staked: '0',
    })
    expect(knt(row.issued) + knt(row.unissued)).toBe(knt(row.emission))
  })

  it('counts the same day of the stage on both pages and names its UTC settlement day', async () => {
    const user = await aUser(app)
    const same = async () => {
      const [find, economy] = await Promise.all([ok(user, '/v1/find'), ok(user, '/v1/economy')])
      expect(find.stage).toEqual(economy.stage)
      return find.stage
    }
    expect(await same()).toMatchObject({ number: 1, day: 2, days: 90, settlement_day: TODAY })
    // an operator settles today before it is over: today is still day 2, on both pages
    await ops.settle(TODAY)
    expect(await same()).toMatchObject({ number: 1, day: 2, days: 90, settlement_day: TODAY })
  })
})
