import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowCount, rowCounts, startTestApp, type Client, type TestApp } from '../../../test/harness.ts'
import { newCodeRow } from '../device/device.testkit.ts'
import { aUser, ok } from '../earn/earn.testkit.ts'
import { adminCall, operatorClient } from './admin.testkit.ts'

let app: TestApp
let ops: Client
beforeAll(async () => {
  app = await startTestApp()
  ops = (await operatorClient(app, 'ops-devices@example.com')).client
})
afterAll(() => app.close())

async function consoleCall(method: string, params: Record<string, unknown> = {}) {
  return (await adminCall(ops, method, params)).body as {
    code: boolean
    data?: any
    error?: string
    msg?: string
    fields?: Record<string, string>
  }
}
async function lastAudit() {
  const { rows } = await app.database.pool.query(
    'SELECT action, target, details FROM audit_log ORDER BY id DESC LIMIT 1',
  )
  return rows[0] as { action: string; target: string; details: Record<string, unknown> }
}

describe('device-code batches', () => {
  it('issues a batch whose activation codes bind once and are stored only hashed', async () => {
    const issued = await consoleCall('/admin/devicebatchadd', { model: 'Kinetic Watch S2', count: 3 })
    expect(issued.code).toBe(true)
    const { batch, codes } = issued.data as { batch: string; codes: { device_code: string; active_code: string }[] }
    expect(codes).toHaveLength(3)
    expect(new Set(codes.map((c) => c.device_code)).size).toBe(3)
    expect(await lastAudit()).toEqual({
      action: 'device_batch.issue',
      target: `device_batch:${batch}`,
      details: { model: 'Kinetic Watch S2', count: 3 },
    })
    const stored = await app.database.pool.query('SELECT * FROM device_codes WHERE batch = $1', [batch])
    expect(JSON.stringify(stored.rows)).not.toContain(codes[0]!.active_code)

    const user = await aUser(app)
    const device = await ok(user, '/v1/binding', codes[0]!)
    expect(device).toMatchObject({ device_code: codes[0]!.device_code, model: 'Kinetic Watch S2' })
    const listed = (await consoleCall('/admin/devicebatches')).data.list
    expect(listed[0]).toMatchObject({ batch, model: 'Kinetic Watch S2', total: 3, bound: 1, unbound: 2 })

    // the same codes cannot be issued a second time: the whole insert is refused
    const again = codes.map((c) => newCodeRow(c.device_code, c.active_code, 'again', 'Copy'))
    const insert = app.database.pool.query(
      'INSERT INTO device_codes (device_code, salt, active_code_hash, batch, model) SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])',
      (['deviceCode', 'salt', 'activeCodeHash', 'batch', 'model'] as const).map((k) => again.map((r) => r[k])),
    )
    await expect(insert).rejects.toThrow(/device_codes_code_key/)
    expect(await rowCount(app, 'device_codes', 'batch = $1', ['again'])).toBe(0)
    // and a wrong activation code binds nothing
    const other = await aUser(app)
    const wrong = await other.call('/v1/binding', { device_code: codes[1]!.device_code, active_code: 'WRONGCODE' })
    expect(wrong.body.code).toBe(false)
  })

  it('refuses a bad batch naming the field, writing nothing', async () => {
    const before = await rowCounts(app, ['device_codes', 'audit_log'])
    for (const [params, field] of [
      [{ model: 'S2', count: 0 }, 'count'],
      [{ model: 'S2', count: 1001 }, 'count'],
      [{ model: 'S2', count: 'many' }, 'count'],
      [{ model: ' ', count: 2 }, 'model'],
      [{ model: 'x'.repeat(41), count: 2 }, 'model'],
    ] as const) {
      const body = await consoleCall('/admin/devicebatchadd', params)
      expect(body.code, JSON.stringify(params)).toBe(false)
      expect(Object.keys(body.fields ?? {})).toEqual([field])
    }
    expect((await consoleCall('/admin/devicebatchadd', { model: 'S2', count: 1001 })).msg).toBe('Count is invalid')
    expect(await rowCounts(app, ['device_codes', 'audit_log'])).toEqual(before)
  })

  it('issues the largest batch, 1000 codes, in one go', async () => {
    const body = await consoleCall('/admin/devicebatchadd', { model: 'Bulk', count: 1000 })
    expect(body.data.codes).toHaveLength(1000)
    expect(await rowCount(app, 'device_codes', 'batch = $1', [body.data.batch])).toBe(1000)
  })
})

describe('earning parameters', () => {
  it('lists every parameter as text and changes one; users read the new value; audited', async () => {
    const { list } = (await consoleCall('/admin/earnsettings')).data as { list: { key: string; value: string }[] }
    expect(list).toContainEqual({ key: 'referral_reward_points', value: '1000' })
    expect(list).toContainEqual({ key: 'stage_emission_knt', value: '10000, 5000, 2500, 1250' })
    const set = await consoleCall('/admin/earnsettingset', { key: 'referral_reward_points', value: ' 1500 ' })
    expect(set).toMatchObject({ code: true, data: { key: 'referral_reward_points', value: '1500' } })
    expect(await lastAudit()).toEqual({
      action: 'earn_setting.set',
      target: 'earn_settings:referral_reward_points',
      details: { from: '1000', to: '1500' },
    })
    const emission = await consoleCall('/admin/earnsettingset', { key: 'stage_emission_knt', value: '8000,4000.5' })
    expect(emission.data.value).toBe('8000, 4000.5')
    // decimals are stored as JSON strings: each reads back as set, not as its default
    for (const [key, value] of [
      ['node_activate_knt', '90.5'],
      ['collect_min_knt', '7'],
      ['energy_per_active_minute', '0.25'],
    ] as const)
      expect((await consoleCall('/admin/earnsettingset', { key, value })).data).toEqual({ key, value })
    const user = await aUser(app)
    const rules = await ok(user, '/v1/rules', {})
    expect(JSON.stringify(rules)).toContain('1500')
  })

  it('refuses a value the parameter cannot take, naming the field, changing nothing', async () => {
    const read = async () => (await app.database.pool.query('SELECT key, value FROM earn_settings ORDER BY key')).rows
    await consoleCall('/admin/earnsettings')
    const before = await read()
    const audits = await rowCount(app, 'audit_log')
    for (const [key, value, field] of [
      ['referral_reward_points', '-5', 'value'],
      ['referral_reward_points', '1.5', 'value'],
      ['referral_reward_points', 'lots', 'value'],
      ['collect_min_knt', '1e3', 'value'],
      ['stage_emission_knt', '10,,5', 'value'],
      ['no_such_key', '1', 'key'],
      ['stage_days', '', 'value'],
    ] as const) {
      const body = await consoleCall('/admin/earnsettingset', { key, value })
      expect(body.code, `${key}=${value}`).toBe(false)
      expect(Object.keys(body.fields ?? {}), `${key}=${value}`).toEqual([field])
    }
    expect((await consoleCall('/admin/earnsettingset', { key: 'stage_days', value: 'x' })).msg).toBe('Value is invalid')
    expect(await read()).toEqual(before)
    expect(await rowCount(app, 'audit_log')).toBe(audits)
  })
})
