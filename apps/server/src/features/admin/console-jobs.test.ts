import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, startTestApp, type TestApp } from '../../../test/harness.ts'
import { createJobs, type Jobs } from '../../platform/jobs/jobs.ts'
import { adminCall, operatorClient } from './admin.testkit.ts'

/** The console's job history: every job in the database, with its attempts and last error. */

let app: TestApp
let other: Jobs
let ops: Client
beforeAll(async () => {
  app = await startTestApp()
  ops = (await operatorClient(app)).client
  // another instance on the app's database runs a job that always fails and one that works
  other = createJobs({ databaseUrl: app.config.databaseUrl!, log: { info: () => undefined, warn: () => undefined } })
  other.define(
    'test.broken',
    async () => {
      throw new Error('the node said no')
    },
    { retryLimit: 1, retryDelaySeconds: 1 },
  )
  other.define('test.fine', async () => undefined)
  await other.start()
})
afterAll(async () => {
  await other?.stop()
  await app?.close()
})

const history = async (params: Record<string, unknown>) => {
  const { body } = await adminCall(ops, '/admin/jobs', params)
  if (body.code !== true) throw new Error(JSON.stringify(body))
  return body.data as {
    list: { name: string; state: string; attempts: number; key: string | null; error: string | null }[]
    total: number
    names: string[]
  }
}

describe('the console’s job history', () => {
  it('lists a failed job with its attempts, key and last error, filtered by name and state', async () => {
    await other.send('test.broken', {}, { key: 'user:7:2026-11-20' })
    await other.send('test.fine', {})
    await expect
      .poll(async () => (await history({ name: 'test.broken', state: 'failed' })).list, {
        timeout: 30_000,
        interval: 250,
      })
      .toEqual([
        expect.objectContaining({
          name: 'test.broken',
          state: 'failed',
          attempts: 2, // the first run and its one retry
          key: 'user:7:2026-11-20',
          error: 'the node said no',
        }),
      ])
    await expect
      .poll(async () => (await history({ name: 'test.fine' })).list.map((j) => [j.state, j.key, j.error]), {
        timeout: 30_000,
        interval: 250,
      })
      .toEqual([['completed', null, null]])

    const all = await history({})
    expect(all.names).toEqual(expect.arrayContaining(['earn.settle', 'rpc.prune-keys', 'test.broken', 'test.fine']))
    expect(all.list.map((j) => j.name)).toEqual(expect.arrayContaining(['test.broken', 'test.fine']))
    expect((await history({ name: 'test.broken', state: 'completed' })).total).toBe(0)
    const paged = await history({ limit: 1, page: 2 })
    expect(paged.list).toHaveLength(1)
    expect(paged.total).toBe(all.total)
  })

  it('refuses an unknown state in the request’s language, and anyone not signed in to the console', async () => {
    for (const [lang, msg] of [
      ['us-en', 'state is invalid'],
      ['zh-cn', 'state格式不正确'],
    ] as const) {
      const { body } = await adminCall(ops, '/admin/jobs', { state: 'stuck' }, lang)
      expect(body).toMatchObject({ code: false, error: 'FIELD_INVALID' })
      expect(String(body.msg)).toContain(msg.slice(0, 5))
    }
    const stranger = await adminCall(new Client(app.server), '/admin/jobs', {})
    expect(stranger.body.code).toBe(401) // not signed in (the wire's code for it)
    expect(stranger.body.data).toBeUndefined()
  })
})
