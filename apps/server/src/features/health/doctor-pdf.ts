/**
 * The doctor-ready PDF (ADR 2026-11-24-doctor-pdf): pdfkit with Noto Sans from the
 * @embedpdf/fonts-sc / fonts-tc packages, subset on embedding (pdfkit embeds only the glyphs
 * used), in the request's language.
 */
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { health as h, type WireLang } from '@kinetic/protocol'
import PDFDocument from 'pdfkit'
import { addDays, localTime, pickDay, weekStart } from './dates.ts'
import { restingTrend } from './drivers.ts'
import { round, sleepSummary } from './day-stats.ts'
import { ageOn, bpClass, hrMax, zoneBounds, zoneOf } from './formulas.ts'
import type { HealthRepo } from './health.repo.ts'
import { workoutTypeName } from './weekly-words.ts'
import type { RawKept } from './raw-retention.ts'

const fontFile = (pkg: string, file: string) =>
  join(dirname(fileURLToPath(import.meta.resolve(pkg))), '..', 'fonts', file)
/** zh-TW needs the Traditional forms; English and zh-CN read well in the Simplified one. */
const FONTS: Record<WireLang, { regular: string; bold: string }> = {
  'zh-cn': {
    regular: fontFile('@embedpdf/fonts-sc', 'NotoSansHans-Regular.otf'),
    bold: fontFile('@embedpdf/fonts-sc', 'NotoSansHans-Bold.otf'),
  },
  'us-en': {
    regular: fontFile('@embedpdf/fonts-sc', 'NotoSansHans-Regular.otf'),
    bold: fontFile('@embedpdf/fonts-sc', 'NotoSansHans-Bold.otf'),
  },
  'zh-hk': {
    regular: fontFile('@embedpdf/fonts-tc', 'NotoSansHant-Regular.otf'),
    bold: fontFile('@embedpdf/fonts-tc', 'NotoSansHant-Bold.otf'),
  },
}

interface Words {
  title: string
  period: Record<h.HealthPdf['period'], string>
  meta: (zone: string, age: number | null, max: number) => string
  zones: string
  zone: Record<h.HrZone, string>
  minutes: string
  resting: string
  restingMean: (mean: number | null, trend: number | null) => string
  bp: string
  bpClass: Record<h.BpClass, string>
  spo2: string
  spo2Day: (avg: number, low: number, n: number) => string
  /** Under blood pressure and SpO2 when the period starts before the raw readings kept. */
  rawGone: (from: string, days: number) => string
  sleep: string
  sleepNight: (asleep: string, deep: number, rem: number, score: number) => string
  workouts: string
  workout: (minutes: number, km: string) => string
  none: string
  hm: (min: number) => string
  bpm: string
  footer: string
}

const WORDS: Record<WireLang, Words> = {
  'us-en': {
    title: 'Health report for your doctor',
    period: { week: 'Week', month: 'Month' },
    meta: (zone, age, max) => `Time zone ${zone} · age ${age ?? '—'} · HRmax ${max} bpm`,
    zones: 'Heart-rate zones',
    zone: { warmup: 'Warm-up', fatburn: 'Fat burn', aerobic: 'Aerobic', anaerobic: 'Anaerobic', limit: 'Limit' },
    minutes: 'min',
    resting: 'Resting heart rate',
    restingMean: (m, t) => `Mean ${m ?? '—'} bpm` + (t === null ? '' : ` · trend ${t > 0 ? '+' : ''}${t} bpm a week`),
    bp: 'Blood pressure (mmHg)',
    bpClass: {
      normal: 'Normal',
      elevated: 'Elevated',
      stage1: 'Hypertension stage 1',
      stage2: 'Hypertension stage 2',
      crisis: 'Hypertensive crisis',
    },
    spo2: 'Blood oxygen (SpO2)',
    spo2Day: (avg, low, n) => `mean ${avg}% · lowest ${low}% · ${n} readings`,
    rawGone: (from, days) => `Readings are kept for ${days} days: those before ${from} are no longer available.`,
    sleep: 'Sleep',
    sleepNight: (asleep, deep, rem, score) => `asleep ${asleep} · deep ${deep} min · REM ${rem} min · score ${score}`,
    workouts: 'Workouts',
    workout: (minutes, km) => `${minutes} min · ${km} km`,
    none: 'No readings in this period.',
    hm: (min) => `${Math.floor(min / 60)} h ${min % 60} min`,
    bpm: 'bpm',
    footer: "Figures measured by the wearer's watch and computed by Kinetic; not a diagnosis.",
  },
  'zh-cn': {
    title: '健康报告（就医参考）',
    period: { week: '周报', month: '月报' },
    meta: (zone, age, max) => `时区 ${zone} · 年龄 ${age ?? '—'} · 最大心率 ${max} 次/分`,
    zones: '心率区间',
    zone: { warmup: '热身', fatburn: '燃脂', aerobic: '有氧', anaerobic: '无氧', limit: '极限' },
    minutes: '分钟',
    resting: '静息心率',
    restingMean: (m, t) => `平均 ${m ?? '—'} 次/分` + (t === null ? '' : ` · 趋势 每周${t > 0 ? '+' : ''}${t} 次/分`),
    bp: '血压（mmHg）',
    bpClass: { normal: '正常', elevated: '血压偏高', stage1: '高血压1期', stage2: '高血压2期', crisis: '高血压危象' },
    spo2: '血氧（SpO2）',
    spo2Day: (avg, low, n) => `平均 ${avg}% · 最低 ${low}% · ${n} 次测量`,
    rawGone: (from, days) => `测量明细仅保留 ${days} 天：${from} 之前的已不再保存。`,
    sleep: '睡眠',
    sleepNight: (asleep, deep, rem, score) =>
      `睡眠 ${asleep} · 深睡 ${deep} 分钟 · 快速眼动 ${rem} 分钟 · 评分 ${score}`,
    workouts: '运动',
    workout: (minutes, km) => `${minutes} 分钟 · ${km} 公里`,
    none: '此期间没有记录。',
    hm: (min) => `${Math.floor(min / 60)}小时${min % 60}分钟`,
    bpm: '次/分',
    footer: '数据由佩戴者的手表测量、Kinetic 计算，仅供参考，不构成诊断。',
  },
  'zh-hk': {
    title: '健康報告（就醫參考）',
    period: { week: '週報', month: '月報' },
    meta: (zone, age, max) => `時區 ${zone} · 年齡 ${age ?? '—'} · 最大心率 ${max} 次/分`,
    zones: '心率區間',
    zone: { warmup: '熱身', fatburn: '燃脂', aerobic: '有氧', anaerobic: '無氧', limit: '極限' },
    minutes: '分鐘',
    resting: '靜息心率',
    restingMean: (m, t) => `平均 ${m ?? '—'} 次/分` + (t === null ? '' : ` · 趨勢 每週${t > 0 ? '+' : ''}${t} 次/分`),
    bp: '血壓（mmHg）',
    bpClass: {
      normal: '正常',
      elevated: '血壓偏高',
      stage1: '高血壓第1期',
      stage2: '高血壓第2期',
      crisis: '高血壓危象',
    },
    spo2: '血氧（SpO2）',
    spo2Day: (avg, low, n) => `平均 ${avg}% · 最低 ${low}% · ${n} 次量測`,
    rawGone: (from, days) => `量測明細僅保留 ${days} 天：${from} 之前的已不再儲存。`,
    sleep: '睡眠',
    sleepNight: (asleep, deep, rem, score) =>
      `睡眠 ${asleep} · 深睡 ${deep} 分鐘 · 快速動眼 ${rem} 分鐘 · 評分 ${score}`,
    workouts: '運動',
    workout: (minutes, km) => `${minutes} 分鐘 · ${km} 公里`,
    none: '此期間沒有記錄。',
    hm: (min) => `${Math.floor(min / 60)}小時${min % 60}分鐘`,
    bpm: '次/分',
    footer: '資料由佩戴者的手錶量測、Kinetic 計算，僅供參考，不構成診斷。',
  },
}

/** First and last local day of the week or calendar month holding `day`. */
export function periodOf(period: h.HealthPdf['period'], day: string) {
  if (period === 'week') return { from: weekStart(day), to: addDays(weekStart(day), 6) }
  const from = `${day.slice(0, 8)}01`
  return { from, to: addDays(`${addDays(from, 31).slice(0, 8)}01`, -1) }
}

/** Reads the period's figures and lays them out; answers the PDF as bytes. */
export async function doctorPdf(
  repo: HealthRepo,
  userId: number,
  params: { period: h.HealthPdf['period']; date?: string | undefined },
  lang: WireLang,
  rawKeptIn: (tz: string) => Promise<RawKept>,
): Promise<h.HealthPdf> {
  const profile = await repo.profile(userId)
  const tz = profile.timeZone
  const { from, to } = periodOf(params.period, pickDay(params.date, tz))
  const dates = Array.from({ length: Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1 }, (_, i) =>
    addDays(from, i),
  )
  const rows = new Map((await repo.days(userId, from, to)).map((r) => [r.day, r]))
  const max = hrMax(profile, to)
  const zoneMinutes = new Map<h.HrZone, number>()
  const bp: { day: string; time: string; systolic: number; diastolic: number }[] = []
  const spo2: { day: string; values: number[] }[] = []
  for (const day of dates) {
    for (const m of await repo.minutes(userId, tz, day)) {
      if (m.hrCount === 0) continue
      const zone = zoneOf(m.hrSum / m.hrCount, max)
      if (zone) zoneMinutes.set(zone, (zoneMinutes.get(zone) ?? 0) + 1)
    }
    for (const b of await repo.bloodPressure(userId, tz, day))
      bp.push({ day, time: localTime(b.t, tz), systolic: b.systolic, diastolic: b.diastolic })
    const values = (await repo.spo2(userId, tz, day)).map((s) => s.percent)
    if (values.length) spo2.push({ day, values })
  }
  const workouts = await repo.workoutDaysBetween(userId, tz, from, to)
  const w = WORDS[lang]
  const raw = await rawKeptIn(tz)
  /** Blood pressure and SpO2 are raw readings: before `raw.from` they are gone. */
  const rawGone = () => {
    if (from < raw.from) doc.fillColor('#555').text(w.rawGone(raw.from, raw.days), left).fillColor('black')
  }

  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: { Title: `${w.title} ${from} – ${to}`, Producer: 'Kinetic', Creator: 'Kinetic' },
  })
  const chunks: Buffer[] = []
  doc.on('data', (c: Buffer) => chunks.push(c))
  const ended = new Promise<void>((resolve) => doc.on('end', resolve))
  const fonts = FONTS[lang]
  const left = doc.page.margins.left
  const bottom = () => doc.page.height - doc.page.margins.bottom
  const heading = (text: string) => {
    if (doc.y + 40 > bottom()) doc.addPage()
    doc.moveDown(0.6).font(fonts.bold).fontSize(13).text(text, left).font(fonts.regular).fontSize(10).moveDown(0.2)
  }
  /** One table row: cells at fixed x offsets, on a new page when the page is full. */
  const row = (cells: string[], widths: number[]) => {
    if (doc.y + 16 > bottom()) doc.addPage()
    const y = doc.y
    let x = left
    cells.forEach((cell, i) => {
      doc.text(cell, x, y, { width: widths[i]! - 6, lineBreak: false })
      x += widths[i]!
    })
    doc.x = left
    doc.y = y + 15
  }
  const none = () => doc.text(w.none, left)

  doc.font(fonts.bold).fontSize(18).text(w.title)
  doc.font(fonts.regular).fontSize(11).text(`${w.period[params.period]} ${from} – ${to}`)
  doc
    .fontSize(9)
    .fillColor('#555')
    .text(w.meta(tz, ageOn(profile.birthday, to), max))
    .fillColor('#000')

  heading(`${w.zones} (HRmax ${max} ${w.bpm})`)
  for (const z of zoneBounds(max))
    row(
      [w.zone[z.zone], `${z.min_bpm}–${z.max_bpm} ${w.bpm}`, `${zoneMinutes.get(z.zone) ?? 0} ${w.minutes}`],
      [110, 130, 120],
    )

  heading(w.resting)
  const resting = dates.map((d) => ({ date: d, bpm: round(rows.get(d)?.hrResting) }))
  const known = resting.flatMap((r) => (r.bpm === null ? [] : [r.bpm]))
  if (known.length === 0) none()
  else {
    for (const r of resting) if (r.bpm !== null) row([r.date, `${r.bpm} ${w.bpm}`], [110, 120])
    const mean = Math.round(known.reduce((s, x) => s + x, 0) / known.length)
    const slope = restingTrend(
      resting.map((r) => ({
        date: r.date,
        steps: 0,
        active_minutes: 0,
        sleep_min: null,
        bedtime: null,
        hr_resting: r.bpm,
      })),
    )
    doc.moveDown(0.2).text(w.restingMean(mean, slope), left)
  }

  heading(w.bp)
  rawGone()
  if (bp.length === 0) none()
  for (const b of bp)
    row(
      [`${b.day} ${b.time}`, `${b.systolic}/${b.diastolic}`, w.bpClass[bpClass(b.systolic, b.diastolic)]],
      [130, 80, 200],
    )

  heading(w.spo2)
  rawGone()
  if (spo2.length === 0) none()
  for (const s of spo2) {
    const avg = Math.round(s.values.reduce((a, b) => a + b, 0) / s.values.length)
    row([s.day, w.spo2Day(avg, Math.min(...s.values), s.values.length)], [110, 300])
  }

  heading(w.sleep)
  const nights = dates.flatMap((d) => {
    const sleep = sleepSummary(d, rows.get(d))
    return sleep ? [sleep] : []
  })
  if (nights.length === 0) none()
  for (const n of nights)
    row(
      [
        n.date,
        `${localTime(new Date(n.start), tz)}–${localTime(new Date(n.end), tz)}`,
        w.sleepNight(w.hm(n.duration_min), n.deep_min, n.rem_min, n.score),
      ],
      [80, 80, 340],
    )

  heading(w.workouts)
  if (workouts.length === 0) none()
  for (const x of workouts)
    row(
      [
        `${x.day} ${x.time}`,
        workoutTypeName(x.type as h.WorkoutType, lang),
        w.workout(Math.round(x.durationS / 60), (x.distanceM / 1000).toFixed(2)),
      ],
      [110, 80, 200],
    )

  doc.moveDown(1).fontSize(8).fillColor('#555').text(w.footer, left)
  doc.end()
  await ended
  const pdf = Buffer.concat(chunks)
  return {
    period: params.period,
    from,
    to,
    file_name: `kinetic-health-${from}-${to}.pdf`,
    content_type: 'application/pdf',
    size: pdf.length,
    data: pdf.toString('base64'),
    raw_kept: raw,
  }
}
