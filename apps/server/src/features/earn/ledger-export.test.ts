import { earn } from '@kinetic/protocol'
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../test/harness.ts'
import { aUser, expectReconciled, give, ok, refused } from './earn.testkit.ts'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await expectReconciled(app)
  await app?.close()
})

/** Exact decimal sum of decimal strings (scaled to 18 places; no floats). */
function sum(amounts: string[]): string {
  const scaled = amounts.reduce((total, a) => {
    const [whole = '0', frac = ''] = a.replace('-', '').split('.')
    const units = BigInt(whole) * 10n ** 18n + BigInt(frac.padEnd(18, '0'))
    return total + (a.startsWith('-') ? -units : units)
  }, 0n)
  const sign = scaled < 0n ? '-' : ''
  const abs = scaled < 0n ? -scaled : scaled
  const frac = (abs % 10n ** 18n).toString().padStart(18, '0').replace(/0+$/, '')
  return `${sign}${abs / 10n ** 18n}${frac ? `.${frac}` : ''}`
}

const today = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date())

describe('ledger CSV export', () => {
  it('parses back to the ledger: every movement, totals equal to the balances, times in my zone', async () => {
    const client = await aUser(app)
    await ok(client, '/v1/infoedit', { time_zone: 'America/St_Johns' })
    await give(app, client.user.id, 500n)
    await give(app, client.user.id, 1234n, 'energy') // 12.34
    await give(app, client.user.id, 10n ** 15n, 'knt') // 0.001
    const goods = await ok(client, '/v1/getstore', { type: 'virtual' })
    const pack = (goods.list as { id: number; name: string }[]).find((g) => g.name === 'Energy pack (50)')
    await ok(client, '/v1/poststore', { id: pack?.id, request_id: `csv-${Date.now()}` })

    const day = today('America/St_Johns')
    const file = await ok(client, '/v1/ledgerexport', { from: day, to: day })
    expect(file.time_zone).toBe('America/St_Johns')
    expect(file.csv.split('\r\n')[0]).toBe(earn.LEDGER_CSV_COLUMNS.join(','))
    const rows = parse(file.csv, { columns: true }) as Record<(typeof earn.LEDGER_CSV_COLUMNS)[number], string>[]
    expect(rows).toHaveLength(file.rows)

    // the same movements as /v1/ledger, oldest first
    const history = await ok(client, '/v1/ledger', { limit: 100 })
    expect(rows.map((r) => [Number(r.id), r.asset, r.kind, r.amount, r.balance, r.detail])).toEqual(
      [...history.list].reverse().map((e: earn.LedgerEntry) => [e.id, e.asset, e.kind, e.amount, e.balance, e.detail]),
    )
    expect(rows.find((r) => r.kind === 'purchase' && r.asset === 'points')).toMatchObject({
      amount: '-200',
      detail: 'Energy pack (50)',
    })
    // Newfoundland: -03:30 (standard) or -02:30 (summer)
    for (const r of rows) expect(r.time).toMatch(new RegExp(`^${day}T\\d{2}:\\d{2}:\\d{2}-0[23]:30$`))

    // totals per asset equal the balances
    const balances = await ok(client, '/v1/balances')
    const total = (asset: string) => sum(rows.filter((r) => r.asset === asset).map((r) => r.amount))
    expect([total('points'), total('energy'), total('knt')]).toEqual([
      String(balances.points),
      balances.energy,
      balances.knt,
    ])
    expect([balances.points, balances.energy, balances.knt]).toEqual([300, '62.34', '0.001'])

    // a range the movements are not in is only the header
    const empty = await ok(client, '/v1/ledgerexport', { from: '2020-01-01', to: '2020-12-31' })
    expect(empty).toMatchObject({ rows: 0, csv: `${earn.LEDGER_CSV_COLUMNS.join(',')}\r\n` })
  })

  it('refuses a range that ends before it starts, and a day that does not exist', async () => {
    const client = await aUser(app)
    expect(await refused(client, '/v1/ledgerexport', { from: '2026-11-24', to: '2026-11-01' })).toMatchObject({
      error: 'EXPORT_RANGE_INVALID',
      msg: 'The start date must not be after the end date',
      fields: { from: 'The start date must not be after the end date' },
    })
    const zh = await refused(client, '/v1/ledgerexport', { from: '2026-11-24', to: '2026-11-01' }, 'zh-cn')
    expect(zh.msg).toBe('开始日期不能晚于结束日期')
    for (const from of ['2026-02-30', '2026-13-01', '2026-1-1'])
      expect((await refused(client, '/v1/ledgerexport', { from, to: '2026-03-01' })).error, from).toBe('FIELD_INVALID')
    expect((await refused(client, '/v1/ledgerexport', { to: '2026-03-01' })).error).toBe('FIELD_REQUIRED')
  })
})
