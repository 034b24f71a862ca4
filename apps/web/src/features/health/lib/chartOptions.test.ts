import { describe, expect, it } from 'vitest'
import { heartRateCurve, hoursAxis, hypnogram, trendChart, weekBars } from './chartOptions'
import { ENERGY, PRIMARY, ZONE_COLORS } from './palette'

const point = (time: string, avg: number) => ({ time, avg, min: avg, max: avg })
const names = { awake: 'Awake', light: 'Light', deep: 'Deep', rem: 'REM' }

describe('chart options', () => {
  it('reads sleep minutes on an axis of hours every two, with the unit', () => {
    const option = trendChart(
      [
        { label: '1', value: 426 },
        { label: '2', value: null },
      ],
      'bar',
      String,
      hoursAxis('h'),
    )
    const yAxis = option.yAxis as { interval: number; axisLabel: { formatter: (v: number) => string } }
    expect(yAxis.interval).toBe(120)
    expect([0, 120, 240, 360, 480].map(yAxis.axisLabel.formatter)).toEqual(['0', '2 h', '4 h', '6 h', '8 h'])
    expect(hoursAxis('小时').label(480)).toBe('8小时')
  })

  it('breaks the heart-rate line over a gap of more than five minutes', () => {
    const option = heartRateCurve([point('08:00', 70), point('08:05', 72), point('09:30', 90)], 190, 'bpm')
    const series = option.series as { data: unknown[] }[]
    expect(series[0]?.data).toEqual([
      [480, 70],
      [485, 72],
      [486, null],
      [570, 90],
    ])
  })

  it('colours the heart-rate line by zone, from 50 % of HRmax up', () => {
    const option = heartRateCurve([], 200, 'bpm')
    const pieces = (option.visualMap as { pieces: { gte?: number; lt?: number; color: string }[] }).pieces
    expect(pieces.map((p) => [p.gte, p.lt])).toEqual([
      [undefined, 100],
      [100, 120],
      [120, 140],
      [140, 160],
      [160, 180],
      [180, undefined],
    ])
    expect(pieces.slice(1).map((p) => p.color)).toEqual(Object.values(ZONE_COLORS))
  })

  it('puts each sleep stage on its row of the hypnogram, deep lowest', () => {
    const option = hypnogram(
      [
        { stage: 'light', start: '2026-11-20T15:00:00Z', end: '2026-11-20T15:20:00Z', minutes: 20 },
        { stage: 'deep', start: '2026-11-20T15:20:00Z', end: '2026-11-20T15:50:00Z', minutes: 30 },
        { stage: 'awake', start: '2026-11-20T15:50:00Z', end: '2026-11-20T15:53:00Z', minutes: 3 },
      ],
      names,
      'America/New_York',
    )
    expect((option.yAxis as { data: string[] }).data).toEqual(['Deep', 'Light', 'REM', 'Awake'])
    const data = (option.series as { data: number[][] }[])[0]?.data
    expect(data?.map((d) => d[2])).toEqual([1, 0, 3])
    const [from = 0, to = 0] = data?.[0] ?? []
    expect(to - from).toBe(20 * 60_000)
    // the clock on the axis is the account's zone, not the device's
    const label = (option.xAxis as { axisLabel: { formatter: (v: number) => string } }).axisLabel.formatter
    expect(label(from)).toBe('10:00')
  })

  it('marks the days whose goals were met', () => {
    const option = weekBars(
      [
        { label: 'Mon', value: 9000, highlight: true },
        { label: 'Tue', value: 4000 },
      ],
      'steps',
    )
    const bars = (option.series as { data: { value: number; itemStyle: { color: string } }[] }[])[0]?.data
    expect(bars?.map((b) => [b.value, b.itemStyle.color])).toEqual([
      [9000, ENERGY],
      [4000, PRIMARY],
    ])
  })
})
