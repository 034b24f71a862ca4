/** Test builders for Discover and the daily settlement (used by *.test.ts only). */
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { admin } from '@kinetic/protocol'
import { parseUnits } from 'viem'
import { expect } from 'vitest'
import type { Client, TestApp } from '../../../test/harness.ts'
import { adminCall, operatorClient } from '../admin/admin.testkit.ts'
import { give } from '../earn/earn.testkit.ts'

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
export async function aHolder<U extends Client & { user: { id: number } }>(
  app: TestApp,
  user: U,
  holding: { power?: string; staked?: string; knt?: string },
): Promise<U> {
  if (holding.power) await give(app, user.user.id, power(holding.power), 'power')
  const total = knt(holding.staked ?? '0') + knt(holding.knt ?? '0')
  if (total > 0n) await give(app, user.user.id, total, 'knt')
  if (holding.staked) {
    const { body } = await user.call('/v1/pledge', { action: 'stake', amount: holding.staked, request_id: requestId() })
    expect(body, 'stake').toMatchObject({ code: true })
  }
  return user
}

/**
 * Settles a day in a child process (test/settle-child.ts) that SIGKILLs itself once
 * `killAfter` batches of `batchSize` shares have committed; answers how it ended.
 */
export async function settleKilledHalfWay(app: TestApp, day: string, batchSize: number, killAfter: number) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      fileURLToPath(new URL('../../../test/settle-child.ts', import.meta.url)),
      app.config.databaseUrl ?? '',
      day,
      String(batchSize),
      String(killAfter),
    ],
    { stdio: 'inherit' },
  )
  return new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(signal ?? code)),
  )
}
