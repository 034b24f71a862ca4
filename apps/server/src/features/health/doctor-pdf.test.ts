import type { AddressInfo } from 'node:net'
import { localDay, simulateDays, type Samples } from '@kinetic/watch-sim'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../test/harness.ts'
import { addDays, weekStart } from './dates.ts'
import { aBoundWatch, aUser, ok, refused } from './health.testkit.ts'

const TZ = 'Europe/Berlin'

let app: TestApp
let baseUrl: string
beforeAll(async () => {
  app = await startTestApp()
  await app.server.listen({ port: 0, host: '127.0.0.1' })
  baseUrl = `http://127.0.0.1:${(app.server.server.address() as AddressInfo).port}`
})
afterAll(() => app?.close())

const CLOCK = new Intl.DateTimeFormat('en-GB', { timeZone: TZ, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
const dayOf = (t: number) => localDay(t, TZ)

async function pdfText(data: string) {
  const pdf = await getDocumentProxy(new Uint8Array(Buffer.from(data, 'base64')))
  const { text } = await extractText(pdf, { mergePages: true })
  return text.replace(/\s+/g, ' ')
}

/** ACC/AHA 2017, written out here on its own. */
function bpClassOf(sys: number, dia: number, names: [string, string, string, string, string]) {
  if (sys > 180 || dia > 120) return names[4]
  if (sys >= 140 || dia >= 90) return names[3]
  if (sys >= 130 || dia >= 80) return names[2]
  if (sys >= 120) return names[1]
  return names[0]
}

describe('the doctor-ready PDF', () => {
  let samples: Samples
  let user: Awaited<ReturnType<typeof aUser>>
  const end = addDays(localDay(Math.floor(Date.now() / 1000), TZ), -1)
  const monday = addDays(weekStart(end), -7)
  const inWeek = (t: number) => dayOf(t) >= monday && dayOf(t) <= addDays(monday, 6)

  beforeAll(async () => {
    user = await aUser(app, TZ)
    await app.database.pool.query('UPDATE users SET birthday = $1 WHERE id = $2', ['1970-06-15', user.id])
    const watch = await aBoundWatch(app, user, 0)
    const run = await simulateDays({
      baseUrl,
      deviceCode: watch.code.deviceCode,
      activationCode: watch.code.activeCode,
      days: 15,
      seed: 5,
      end,
      timeZone: TZ,
      hrIntervalS: 60,
    })
    samples = run.samples
  })

  // PDFs rendered and parsed back: over 30 s on a loaded 2-core machine
  it('holds the week’s figures in zh-CN and en-US', { timeout: 90_000 }, async () => {
    const report = await ok(user, '/v1/weeklyinfo', { date: monday })
    const zones = new Map<string, number>()
    for (let i = 0; i < 7; i++)
      for (const z of (await ok(user, '/v1/heartrate', { date: addDays(monday, i) })).zones)
        zones.set(z.zone, (zones.get(z.zone) ?? 0) + z.minutes)
    const bp = samples.blood_pressure.filter((b) => inWeek(b.t))
    const spo2 = new Map<string, number[]>()
    for (const s of samples.spo2.filter((x) => inWeek(x.t)))
      spo2.set(dayOf(s.t), [...(spo2.get(dayOf(s.t)) ?? []), s.percent])
    const runs = samples.workouts.filter((w) => inWeek(w.start))
    expect(bp.length).toBeGreaterThan(0)
    expect(runs.length).toBeGreaterThan(0)

    const languages = [
      {
        lang: 'zh-cn',
        title: '健康报告（就医参考）',
        classes: ['正常', '血压偏高', '高血压1期', '高血压2期', '高血压危象'] as [
          string,
          string,
          string,
          string,
          string,
        ],
        zone: '有氧',
        minutes: '分钟',
        bpm: '次/分',
        km: '公里',
        run: '跑步',
        asleep: (h: number, m: number) => `睡眠 ${h}小时${m}分钟`,
      },
      {
        lang: 'us-en',
        title: 'Health report for your doctor',
        classes: ['Normal', 'Elevated', 'Hypertension stage 1', 'Hypertension stage 2', 'Hypertensive crisis'] as [
          string,
          string,
          string,
          string,
          string,
        ],
        zone: 'Aerobic',
        minutes: 'min',
        bpm: 'bpm',
        km: 'km',
        run: 'Run',
        asleep: (h: number, m: number) => `asleep ${h} h ${m} min`,
      },
    ]
    for (const l of languages) {
      const { body } = await user.call('/v1/health_pdf', { period: 'week', date: addDays(monday, 3) }, { lang: l.lang })
      expect(body.code, JSON.stringify(body)).toBe(true)
      const pdf = body.data
      expect(pdf).toMatchObject({
        period: 'week',
        from: monday,
        to: addDays(monday, 6),
        content_type: 'application/pdf',
      })
      expect(Buffer.from(pdf.data, 'base64').subarray(0, 5).toString()).toBe('%PDF-')
      expect(pdf.size).toBe(Buffer.from(pdf.data, 'base64').length)
      // the fonts are subset: a few dozen kilobytes, not the 8 MB font files
      expect(pdf.size).toBeLessThan(400_000)
      const text = await pdfText(pdf.data)
      expect(text).toContain(l.title)
      expect(text).toContain(`${monday} – ${addDays(monday, 6)}`)
      expect(text).toContain(`${l.zone}`)
      expect(text).toContain(`${zones.get('aerobic') ?? 0} ${l.minutes}`)
      for (const d of report.days)
        if (d.hr_resting !== null) expect(text).toContain(`${d.date} ${d.hr_resting} ${l.bpm}`)
      for (const b of bp) {
        const time = CLOCK.format(new Date(b.t * 1000))
        expect(text).toContain(
          `${dayOf(b.t)} ${time} ${b.systolic}/${b.diastolic} ${bpClassOf(b.systolic, b.diastolic, l.classes)}`,
        )
      }
      for (const [day, values] of spo2) {
        const mean = Math.round(values.reduce((a, b) => a + b, 0) / values.length)
        expect(text).toMatch(new RegExp(`${day} \\D*${mean}% \\D*${Math.min(...values)}%`))
      }
      const nights = report.days.filter((d: { sleep_min: number }) => d.sleep_min > 0)
      expect(nights.length).toBeGreaterThan(0)
      for (const d of nights)
        expect(text).toMatch(
          new RegExp(`${d.date} \\S+ ${l.asleep(Math.floor(d.sleep_min / 60), d.sleep_min % 60)} .*?${d.sleep_score}`),
        )
      for (const w of runs) {
        expect(text).toContain(`${dayOf(w.start)} ${CLOCK.format(new Date(w.start * 1000))} ${l.run}`)
        expect(text).toContain(
          `${Math.round((w.end - w.start) / 60)} ${l.minutes} · ${(w.distance_m / 1000).toFixed(2)} ${l.km}`,
        )
      }
    }
  })

  it('covers a calendar month and refuses an unknown period', { timeout: 90_000 }, async () => {
    const month = await ok(user, '/v1/health_pdf', { period: 'month', date: '2026-02-14' })
    expect(month).toMatchObject({ from: '2026-02-01', to: '2026-02-28' })
    expect((await refused(user, '/v1/health_pdf', { period: 'year' })).error).toBe('FIELD_INVALID')
  })
})
