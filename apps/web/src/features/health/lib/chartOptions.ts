import { health } from '@kinetic/protocol'
import type { CustomSeriesRenderItem } from 'echarts'
import type { ChartOption } from './echarts'
import { clockTime } from '@/shared/clock'
import { ACCENT, DANGER, ENERGY, PRIMARY, STAGE_COLORS, ZONE_COLORS } from './palette'

/** Chart options of the health pages (pure: data in, echarts option out). Texts come in translated. */

const grid = { left: 36, right: 12, top: 16, bottom: 24 }
const minuteOfDay = (time: string) => {
  const [h = 0, m = 0] = time.split(':').map(Number)
  return h * 60 + m
}
const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`

/** Zone lower bounds as fractions of HRmax (DESIGN §7): 50, 60, 70, 80, 90 %. */
const ZONE_FROM = [0.5, 0.6, 0.7, 0.8, 0.9] as const

/**
 * The day's heart rate, one point per minute with data, coloured by zone; a gap of more than
 * five minutes breaks the line rather than drawing through hours without readings.
 */
export function heartRateCurve(series: health.HeartRateReport['series'], hrMax: number, unit: string): ChartOption {
  const data: ([number, number] | [number, null])[] = []
  let previous: number | undefined
  for (const point of series) {
    const minute = minuteOfDay(point.time)
    if (previous !== undefined && minute - previous > 5) data.push([previous + 1, null])
    data.push([minute, point.avg])
    previous = minute
  }
  const pieces = [
    { lt: Math.round(hrMax * ZONE_FROM[0]), color: '#8b93a7' },
    ...health.HR_ZONES.map((zone, i) => ({
      gte: Math.round(hrMax * ZONE_FROM[i]!),
      ...(i < health.HR_ZONES.length - 1 && { lt: Math.round(hrMax * ZONE_FROM[i + 1]!) }),
      color: ZONE_COLORS[zone],
    })),
  ]
  return {
    grid,
    tooltip: {
      trigger: 'axis',
      formatter: (params) => {
        const first = (Array.isArray(params) ? params[0] : params)?.value as [number, number | null] | undefined
        return first && first[1] !== null ? `${hhmm(first[0])}  ${first[1]} ${unit}` : ''
      },
    },
    xAxis: {
      type: 'value',
      min: 0,
      max: 1440,
      interval: 360,
      axisLabel: { formatter: (v: number) => hhmm(v) },
      splitLine: { show: false },
    },
    yAxis: { type: 'value', scale: true, splitNumber: 3 },
    visualMap: { show: false, type: 'piecewise', dimension: 1, seriesIndex: 0, pieces },
    series: [{ type: 'line', data, showSymbol: false, lineStyle: { width: 1.5 }, connectNulls: false }],
  }
}

type Stage = health.SleepReport['stages'][number]
/** Bottom to top: deep sleep lowest, awake on top, as sleep apps draw a hypnogram. */
const HYPNOGRAM_ROWS = ['deep', 'light', 'rem', 'awake'] as const satisfies readonly health.SleepStage[]

/** The night's stages as blocks on four rows (a hypnogram), over the account's clock (`timeZone`). */
export function hypnogram(
  stages: readonly Stage[],
  stageNames: Record<health.SleepStage, string>,
  timeZone: string,
): ChartOption {
  const renderItem: CustomSeriesRenderItem = (_params, api) => {
    const row = Number(api.value(2))
    const from = api.coord([api.value(0), row])
    const to = api.coord([api.value(1), row])
    const size = api.size?.([0, 1])
    const height = (Array.isArray(size) ? (size[1] ?? 20) : 20) * 0.72
    const stage = HYPNOGRAM_ROWS[row] ?? 'light'
    return {
      type: 'rect',
      shape: { x: from[0]!, y: from[1]! - height / 2, width: Math.max(1, to[0]! - from[0]!), height, r: 2 },
      style: { fill: STAGE_COLORS[stage] },
    }
  }
  return {
    grid: { left: 76, right: 12, top: 8, bottom: 24 },
    tooltip: {
      formatter: (params) => {
        const p = Array.isArray(params) ? params[0] : params
        const [from, to, row] = (p?.value ?? []) as number[]
        const stage = HYPNOGRAM_ROWS[row ?? 0] ?? 'light'
        return `${stageNames[stage]}  ${clockTime(from ?? 0, timeZone)}–${clockTime(to ?? 0, timeZone)}`
      },
    },
    xAxis: {
      type: 'time',
      axisLabel: { formatter: (v: number) => clockTime(v, timeZone), hideOverlap: true },
    },
    yAxis: {
      type: 'category',
      data: HYPNOGRAM_ROWS.map((s) => stageNames[s]),
      axisLine: { show: false },
      splitLine: { show: true, lineStyle: { color: '#1d2230' } },
    },
    series: [
      {
        type: 'custom',
        renderItem,
        encode: { x: [0, 1], y: 2 },
        data: stages.map((s) => [Date.parse(s.start), Date.parse(s.end), HYPNOGRAM_ROWS.indexOf(s.stage)]),
      },
    ],
  }
}

/** Steps in each hour of the day. */
export function hourlySteps(steps: readonly number[]): ChartOption {
  return {
    grid,
    tooltip: { trigger: 'axis' },
    xAxis: {
      type: 'category',
      data: steps.map((_, hour) => String(hour)),
      axisLabel: { interval: 5 },
    },
    yAxis: { type: 'value', splitNumber: 3 },
    series: [
      { type: 'bar', data: [...steps], itemStyle: { color: ACCENT, borderRadius: [3, 3, 0, 0] }, barWidth: '60%' },
    ],
  }
}

/** One bar per day of a week; days whose goals were all met in lime, the others in blue. */
export function weekBars(
  days: readonly { label: string; value: number; highlight?: boolean }[],
  unit: string,
): ChartOption {
  return {
    grid,
    tooltip: { trigger: 'axis', valueFormatter: (v) => `${String(v)} ${unit}` },
    xAxis: { type: 'category', data: days.map((d) => d.label), axisLabel: { interval: 0 } },
    yAxis: { type: 'value', splitNumber: 3 },
    series: [
      {
        type: 'bar',
        barWidth: '50%',
        data: days.map((d) => ({
          value: d.value,
          itemStyle: { color: d.highlight ? ENERGY : PRIMARY, borderRadius: [4, 4, 0, 0] },
        })),
      },
    ],
  }
}

/** Blood pressure readings of a day: high (systolic) and low (diastolic) lines. */
export function bloodPressureLines(
  readings: readonly health.BloodPressure[],
  names: { high: string; low: string },
): ChartOption {
  return {
    grid: { ...grid, top: 28 },
    legend: undefined,
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: readings.map((r) => r.time), boundaryGap: false },
    yAxis: { type: 'value', scale: true, splitNumber: 3 },
    series: [
      { type: 'line', name: names.high, data: readings.map((r) => r.systolic), itemStyle: { color: DANGER } },
      { type: 'line', name: names.low, data: readings.map((r) => r.diastolic), itemStyle: { color: ACCENT } },
    ],
  }
}

/** A workout's heart rate, minute by minute from the start. */
export function workoutHeartRate(points: readonly { minute: number; bpm: number }[], unit: string): ChartOption {
  return {
    grid,
    tooltip: { trigger: 'axis', valueFormatter: (v) => `${String(v)} ${unit}` },
    xAxis: { type: 'category', data: points.map((p) => String(p.minute)), boundaryGap: false },
    yAxis: { type: 'value', scale: true, splitNumber: 3 },
    series: [
      {
        type: 'line',
        data: points.map((p) => p.bpm),
        showSymbol: false,
        itemStyle: { color: DANGER },
        areaStyle: { color: 'rgba(244, 63, 94, 0.15)' },
      },
    ],
  }
}

/** A month (per day) or a year (per month): bars for totals, a line for levels; gaps stay empty. */
/** A value axis in other units than its values: ticks every `step`, each labelled by `label`. */
export interface AxisUnit {
  step: number
  label: (value: number) => string
}

/** Sleep minutes on an axis of whole hours, every two, with the unit ("0", "2 h", … "8 h"; "8小时"). */
export const hoursAxis = (unit: string): AxisUnit => ({
  step: 120,
  // a Latin unit after a space ("8 h"), a Chinese one without ("8小时")
  label: (minutes) => (minutes === 0 ? '0' : `${minutes / 60}${/^[a-z]/i.test(unit) ? ' ' : ''}${unit}`),
})

export function trendChart(
  points: readonly { label: string; value: number | null }[],
  kind: 'bar' | 'line',
  format: (value: number) => string,
  axis?: AxisUnit,
): ChartOption {
  return {
    grid,
    tooltip: { trigger: 'axis', valueFormatter: (v) => (typeof v === 'number' ? format(v) : '') },
    xAxis: { type: 'category', data: points.map((p) => p.label), axisLabel: { hideOverlap: true } },
    yAxis: axis
      ? { type: 'value', interval: axis.step, axisLabel: { formatter: (v: number) => axis.label(v) } }
      : { type: 'value', scale: kind === 'line', splitNumber: 3 },
    series: [
      kind === 'bar'
        ? {
            type: 'bar',
            data: points.map((p) => p.value),
            barWidth: '60%',
            itemStyle: { color: PRIMARY, borderRadius: [3, 3, 0, 0] },
          }
        : { type: 'line', data: points.map((p) => p.value), connectNulls: true, itemStyle: { color: ACCENT } },
    ],
  }
}
