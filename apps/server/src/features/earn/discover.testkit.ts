/** Test builders for Discover and the daily settlement (used by *.test.ts only). */
import type { admin } from '@kinetic/protocol'
import { parseUnits } from 'viem'
import { expect } from 'vitest'
import type { Client, TestApp } from '../../../test/harness.ts'
import { adminCall, operatorClient } from '../admin/admin.testkit.ts'
import { give } from './earn.testkit.ts'

/** Whole KNT (or power, with 4 decimals) in base units. */
export const knt = (whole: string) => parseUnits(whole, 18)
export const power = (whole: string) => parseUnits(whole, 4)

let seq = 0
export const requestId = (label = 'req') => `${label}-${++seq}-${Date.now()}`

/** A console operator that answers `ok` (code true, the data) or `refused` (the error answer). */
export async function anOperator(app: TestApp) {
  const { client } = await operatorClient(app)
  const post = async (method: string, params: Record<string, unknown>, code: boolean) => {
    const { body } = await adminCall(client, method, params)
    expect(body.code, `${method} ${JSON.stringify(body)}`).toBe(code)
    return body
  }
  return {
    client,
    ok: async (method: string, params: Record<string, unknown> = {}) => (await post(method, params, true)).data,
    refused: async (method: string, params: Record<string, unknown> = {}) =>
      (await post(method, params, false)) as unknown as { error: string; msg: string; fields?: Record<string, string> },
    /** Settles a day through the console: the run and whether this call created it. */
    settle: async (day: string) =>
      (await post('/admin/settle', { day }, true)).data as { run: admin.SettlementRun; created: boolean },
    set: async (key: string, value: string) => {
      await post('/admin/earnsettingset', { key, value }, true)
    },
  }
}
export type Operator = Awaited<ReturnType<typeof anOperator>>

/** Gives a user computing power and KNT and pledges `staked` of that KNT. */
export async function aHolder(
  app: TestApp,
  user: Client & { user: { id: number } },
  holding: { power?: string; staked?: string; knt?: string },
) {
  if (holding.power) await give(app, user.user.id, power(holding.power), 'power')
  const total = knt(holding.staked ?? '0') + knt(holding.knt ?? '0')
  if (total > 0n) await give(app, user.user.id, total, 'knt')
  if (holding.staked) {
    const { body } = await user.call('/v1/pledge', { action: 'stake', amount: holding.staked, request_id: requestId() })
    expect(body, 'stake').toMatchObject({ code: true })
  }
  return user
}
