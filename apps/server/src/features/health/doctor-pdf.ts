/**
 * The doctor-ready PDF (ADR 2026-11-24-doctor-pdf): pdfkit with Noto Sans from the
 * @embedpdf/fonts-sc / fonts-tc packages, subset on embedding (pdfkit embeds only the glyphs
 * used), in the request's language.
 */
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { health as h, type WireLang } from '@kinetic/protocol'
import PDFDocument from 'pdfkit'
import { textsIn } from '../../platform/i18n/index.ts'
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

/** The PDF's texts in the request's language (the `pdf` catalog). */
function words(lang: WireLang) {
  const t = textsIn(lang, 'pdf')
  return {
    title: t('title'),
    period: (period: h.HealthPdf['period']) => t(`period.${period}`),
    meta: (zone: string, age: number | null, max: number) => t('meta', { zone, age: age ?? '—', max }),
    zones: t('zones'),
    zone: (zone: h.HrZone) => t(`zone.${zone}`),
    minutes: t('minutes'),
    resting: t('resting'),
    restingMean: (mean: number | null, trend: number | null) =>
      trend === null
        ? t('restingMean', { mean: mean ?? '—' })
        : t('restingMeanTrend', { mean: mean ?? '—', trend: `${trend > 0 ? '+' : ''}${trend}` }),
    bp: t('bp'),
    bpClass: (c: h.BpClass) => t(`bpClass.${c}`),
    spo2: t('spo2'),
    spo2Day: (avg: number, low: number, readings: number) => t('spo2Day', { avg, low, readings }),
    /** Under blood pressure and SpO2 when the period starts before the raw readings kept. */
    rawGone: (from: string, days: number) => t('rawGone', { from, days }),
    sleep: t('sleep'),
    sleepNight: (asleep: string, deep: number, rem: number, score: number) =>
      t('sleepNight', { asleep, deep, rem, score }),
    workouts: t('workouts'),
    workout: (minutes: number, km: string) => t('workout', { minutes, km }),
    none: t('none'),
    hm: (min: number) => t('hm', { h: Math.floor(min / 60), m: min % 60 }),
    bpm: t('bpm'),
    footer: t('footer'),
  }
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
  const w = words(lang)
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
  doc
    .font(fonts.regular)
    .fontSize(11)
    .text(`${w.period(params.period)} ${from} – ${to}`)
  doc
    .fontSize(9)
    .fillColor('#555')
    .text(w.meta(tz, ageOn(profile.birthday, to), max))
    .fillColor('#000')

  heading(`${w.zones} (HRmax ${max} ${w.bpm})`)
  for (const z of zoneBounds(max))
    row(
      [w.zone(z.zone), `${z.min_bpm}–${z.max_bpm} ${w.bpm}`, `${zoneMinutes.get(z.zone) ?? 0} ${w.minutes}`],
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
      [`${b.day} ${b.time}`, `${b.systolic}/${b.diastolic}`, w.bpClass(bpClass(b.systolic, b.diastolic))],
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
  const now = new Date()
  const nights = dates.flatMap((d) => {
    const sleep = sleepSummary(d, rows.get(d), now)
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
