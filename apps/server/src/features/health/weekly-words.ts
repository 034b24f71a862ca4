import type { health as h, WireLang } from '@kinetic/protocol'
import type { Driver, Suggestion } from './drivers.ts'
import { dateFormat } from './dates.ts'

/** The weekly report in plain words, in the three languages. */
export interface WeekFacts {
  steps: number
  distanceKm: string
  stepsChange: number | null
  goalDays: number
  sleepAvgMin: number | null
  restingAvg: number | null
  workouts: number
  workoutMinutes: number
  daysWithData: number
}

const numbers = new Intl.NumberFormat('en-US')
const n = (x: number) => numbers.format(x)
const hm = (min: number) => ({ h: Math.floor(min / 60), m: min % 60 })

const WORDS: Record<WireLang, (f: WeekFacts) => string[]> = {
  'us-en': (f) => [
    `You walked ${n(f.steps)} steps (${f.distanceKm} km) this week` +
      (f.stepsChange === null
        ? '.'
        : f.stepsChange === 0
          ? ', the same as last week.'
          : `, ${Math.abs(f.stepsChange)}% ${f.stepsChange > 0 ? 'more' : 'fewer'} than last week.`),
    `You reached your daily goal on ${f.goalDays} of 7 days.`,
    f.workouts > 0
      ? `You did ${f.workouts} workout${f.workouts === 1 ? '' : 's'}, ${n(f.workoutMinutes)} minutes in all.`
      : 'You recorded no workouts this week.',
    ...(f.sleepAvgMin !== null
      ? [`You slept ${hm(f.sleepAvgMin).h} h ${hm(f.sleepAvgMin).m} min a night on average.`]
      : []),
    ...(f.restingAvg !== null ? [`Your resting heart rate averaged ${f.restingAvg} bpm.`] : []),
  ],
  'zh-cn': (f) => [
    `本周您走了${n(f.steps)}步（${f.distanceKm}公里）` +
      (f.stepsChange === null
        ? '。'
        : f.stepsChange === 0
          ? '，与上周持平。'
          : `，比上周${f.stepsChange > 0 ? '多' : '少'}${Math.abs(f.stepsChange)}%。`),
    `7天中有${f.goalDays}天达成每日目标。`,
    f.workouts > 0 ? `您完成了${f.workouts}次运动，共${n(f.workoutMinutes)}分钟。` : '本周没有运动记录。',
    ...(f.sleepAvgMin !== null ? [`平均每晚睡眠${hm(f.sleepAvgMin).h}小时${hm(f.sleepAvgMin).m}分钟。`] : []),
    ...(f.restingAvg !== null ? [`静息心率平均${f.restingAvg}次/分。`] : []),
  ],
  'zh-hk': (f) => [
    `本週您走了${n(f.steps)}步（${f.distanceKm}公里）` +
      (f.stepsChange === null
        ? '。'
        : f.stepsChange === 0
          ? '，與上週持平。'
          : `，比上週${f.stepsChange > 0 ? '多' : '少'}${Math.abs(f.stepsChange)}%。`),
    `7天中有${f.goalDays}天達成每日目標。`,
    f.workouts > 0 ? `您完成了${f.workouts}次運動，共${n(f.workoutMinutes)}分鐘。` : '本週沒有運動記錄。',
    ...(f.sleepAvgMin !== null ? [`平均每晚睡眠${hm(f.sleepAvgMin).h}小時${hm(f.sleepAvgMin).m}分鐘。`] : []),
    ...(f.restingAvg !== null ? [`靜息心率平均${f.restingAvg}次/分。`] : []),
  ],
}

export const weekInWords = (facts: WeekFacts, lang: WireLang): string[] => WORDS[lang](facts)

// ---------------------------------------------------------------- drivers and the suggestion

type Activity = h.WeeklyReport['activities'][number]
type Bedtime = h.WeeklyReport['bedtime']

const LOCALE: Record<WireLang, string> = { 'us-en': 'en-US', 'zh-cn': 'zh-CN', 'zh-hk': 'zh-TW' }
const dayName = (date: string, lang: WireLang) =>
  dateFormat(LOCALE[lang], { weekday: 'short', month: 'numeric', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  )
const signed = (x: number) => `${x > 0 ? '+' : x < 0 ? '−' : '±'}${n(Math.abs(x))}`

interface Phrases {
  metric: Record<h.WeekMetric, string>
  unit: Record<h.WeekMetric, (x: number) => string>
  vsLast: (pctChange: number | null, last: string) => string
  /** Against the baseline of the `weeks` before (null under 2 weeks with data). */
  vsBase: (pctChange: number | null, base: string, weeks: number) => string
  moves: (list: string) => string
  trend: (slope: number) => string
  bedtime: (b: Bedtime) => string
  activities: (list: string) => string
  activity: (a: Activity, type: string) => string
  type: Record<h.WorkoutType, string>
  sep: string
  end: string
  colon: string
  suggestion: (s: Suggestion, lang: WireLang) => string
}

const minutesText: Record<WireLang, (x: number) => string> = {
  'us-en': (x) => (x >= 60 ? `${hm(x).h} h ${hm(x).m} min` : `${x} min`),
  'zh-cn': (x) => (x >= 60 ? `${hm(x).h}小时${hm(x).m}分钟` : `${x}分钟`),
  'zh-hk': (x) => (x >= 60 ? `${hm(x).h}小時${hm(x).m}分鐘` : `${x}分鐘`),
}

const PHRASES: Record<WireLang, Phrases> = {
  'us-en': {
    metric: {
      steps: 'Steps a day',
      active_minutes: 'Active minutes a day',
      sleep_min: 'Sleep a night',
      hr_resting: 'Resting heart rate',
    },
    unit: {
      steps: (x) => n(x),
      active_minutes: (x) => `${n(x)} min`,
      sleep_min: minutesText['us-en'],
      hr_resting: (x) => `${x} bpm`,
    },
    vsLast: (p, last) =>
      p === null
        ? `no figure last week to compare`
        : `${p === 0 ? 'the same as' : `${Math.abs(p)}% ${p > 0 ? 'above' : 'below'}`} last week (${last})`,
    vsBase: (p, base, weeks) =>
      p === null
        ? `no baseline yet (${weeks === 1 ? 'only 1 earlier week has' : `${weeks} earlier weeks have`} data, it takes 2)`
        : `${p === 0 ? 'level with' : `${Math.abs(p)}% ${p > 0 ? 'above' : 'below'}`} your average of the ${weeks} weeks before (${base})`,
    moves: (list) => `Days that moved it most: ${list}`,
    trend: (s) => `Trend over the week: ${s > 0 ? '+' : s < 0 ? '−' : '±'}${Math.abs(s)} bpm a week`,
    bedtime: (b) =>
      b.avg === null
        ? ''
        : b.shift_min === null || b.last_week === null
          ? `Average bedtime ${b.avg}`
          : `Average bedtime ${b.avg}, ${b.shift_min === 0 ? 'the same as' : `${Math.abs(b.shift_min)} min ${b.shift_min > 0 ? 'later than' : 'earlier than'}`} last week (${b.last_week})`,
    activities: (list) => `Workouts: ${list}`,
    activity: (a, type) =>
      `${type} ${a.workouts}× ${a.minutes} min (last week ${a.last_week_workouts}× ${a.last_week_minutes} min)`,
    type: { walk: 'Walk', run: 'Run', cycle: 'Ride', swim: 'Swim', hike: 'Hike', other: 'Other' },
    sep: ', ',
    end: '. ',
    colon: ': ',
    suggestion: (s, lang) =>
      s.kind === 'wear'
        ? 'Wear your watch day and night this week: with steps, sleep and heart rate the report can say what moved them.'
        : s.kind === 'recover'
          ? `Your resting heart rate is ${s.rise} bpm above your average of the weeks before: take an easy day or two and sleep well before your next hard workout.`
          : s.kind === 'sleep'
            ? `Aim for at least 7 hours of sleep: go to bed at a steady time${s.bedtime ? `, earlier than ${s.bedtime}` : ''}.`
            : s.kind === 'move'
              ? `Your steps are below your average of the weeks before: add a 30-minute walk, for example on ${dayName(s.day, lang)}, your quietest day.`
              : 'A steady week: keep your routine and add one workout if you feel fresh.',
  },
  'zh-cn': {
    metric: { steps: '日均步数', active_minutes: '日均活动时长', sleep_min: '每晚睡眠', hr_resting: '静息心率' },
    unit: {
      steps: (x) => `${n(x)}步`,
      active_minutes: (x) => `${n(x)}分钟`,
      sleep_min: minutesText['zh-cn'],
      hr_resting: (x) => `${x}次/分`,
    },
    vsLast: (p, last) =>
      p === null
        ? '上周没有可比数据'
        : `${p === 0 ? '与上周持平' : `比上周${p > 0 ? '高' : '低'}${Math.abs(p)}%`}（上周${last}）`,
    vsBase: (p, base, weeks) =>
      p === null
        ? `尚无基线（之前有数据的只有${weeks}周，需要2周）`
        : `${p === 0 ? `与前${weeks}周平均持平` : `比前${weeks}周平均${p > 0 ? '高' : '低'}${Math.abs(p)}%`}（前${weeks}周平均${base}）`,
    moves: (list) => `变化最大的日子：${list}`,
    trend: (s) => `本周趋势：每周${s > 0 ? '+' : s < 0 ? '−' : '±'}${Math.abs(s)}次/分`,
    bedtime: (b) =>
      b.avg === null
        ? ''
        : b.shift_min === null || b.last_week === null
          ? `平均入睡时间${b.avg}`
          : `平均入睡时间${b.avg}，${b.shift_min === 0 ? '与上周相同' : `比上周${b.shift_min > 0 ? '晚' : '早'}${Math.abs(b.shift_min)}分钟`}（上周${b.last_week}）`,
    activities: (list) => `运动：${list}`,
    activity: (a, type) =>
      `${type}${a.workouts}次${a.minutes}分钟（上周${a.last_week_workouts}次${a.last_week_minutes}分钟）`,
    type: { walk: '步行', run: '跑步', cycle: '骑行', swim: '游泳', hike: '徒步', other: '其他' },
    sep: '，',
    end: '。',
    colon: '：',
    suggestion: (s, lang) =>
      s.kind === 'wear'
        ? '本周请日夜佩戴手表：有了步数、睡眠和心率，报告才能说明它们为何变化。'
        : s.kind === 'recover'
          ? `您的静息心率比前几周平均高${s.rise}次/分：下次高强度训练前，先安排一两天轻松活动并睡个好觉。`
          : s.kind === 'sleep'
            ? `争取每晚睡足7小时：固定时间上床${s.bedtime ? `，早于${s.bedtime}` : ''}。`
            : s.kind === 'move'
              ? `您的步数低于前几周平均：加一次30分钟的步行，比如在活动最少的${dayName(s.day, lang)}。`
              : '本周很平稳：保持现在的节奏，状态好时可以多加一次运动。',
  },
  'zh-hk': {
    metric: { steps: '日均步數', active_minutes: '日均活動時長', sleep_min: '每晚睡眠', hr_resting: '靜息心率' },
    unit: {
      steps: (x) => `${n(x)}步`,
      active_minutes: (x) => `${n(x)}分鐘`,
      sleep_min: minutesText['zh-hk'],
      hr_resting: (x) => `${x}次/分`,
    },
    vsLast: (p, last) =>
      p === null
        ? '上週沒有可比資料'
        : `${p === 0 ? '與上週持平' : `比上週${p > 0 ? '高' : '低'}${Math.abs(p)}%`}（上週${last}）`,
    vsBase: (p, base, weeks) =>
      p === null
        ? `尚無基線（之前有資料的只有${weeks}週，需要2週）`
        : `${p === 0 ? `與前${weeks}週平均持平` : `比前${weeks}週平均${p > 0 ? '高' : '低'}${Math.abs(p)}%`}（前${weeks}週平均${base}）`,
    moves: (list) => `變化最大的日子：${list}`,
    trend: (s) => `本週趨勢：每週${s > 0 ? '+' : s < 0 ? '−' : '±'}${Math.abs(s)}次/分`,
    bedtime: (b) =>
      b.avg === null
        ? ''
        : b.shift_min === null || b.last_week === null
          ? `平均入睡時間${b.avg}`
          : `平均入睡時間${b.avg}，${b.shift_min === 0 ? '與上週相同' : `比上週${b.shift_min > 0 ? '晚' : '早'}${Math.abs(b.shift_min)}分鐘`}（上週${b.last_week}）`,
    activities: (list) => `運動：${list}`,
    activity: (a, type) =>
      `${type}${a.workouts}次${a.minutes}分鐘（上週${a.last_week_workouts}次${a.last_week_minutes}分鐘）`,
    type: { walk: '步行', run: '跑步', cycle: '騎行', swim: '游泳', hike: '遠足', other: '其他' },
    sep: '，',
    end: '。',
    colon: '：',
    suggestion: (s, lang) =>
      s.kind === 'wear'
        ? '本週請日夜佩戴手錶：有了步數、睡眠和心率，報告才能說明它們為何變化。'
        : s.kind === 'recover'
          ? `您的靜息心率比前幾週平均高${s.rise}次/分：下次高強度訓練前，先安排一兩天輕鬆活動並睡個好覺。`
          : s.kind === 'sleep'
            ? `爭取每晚睡足7小時：固定時間上床${s.bedtime ? `，早於${s.bedtime}` : ''}。`
            : s.kind === 'move'
              ? `您的步數低於前幾週平均：加一次30分鐘的步行，比如在活動最少的${dayName(s.day, lang)}。`
              : '本週很平穩：保持現在的節奏，狀態好時可以多加一次運動。',
  },
}

/** A workout type's name in the language (the PDF and the weekly words use it). */
export const workoutTypeName = (type: h.WorkoutType, lang: WireLang) => PHRASES[lang].type[type]

/** One driver in words: the figure, against last week and the baseline, and what moved it. */
export function driverInWords(
  d: Driver,
  extra: { activities: Activity[]; bedtime: Bedtime; baselineWeeks: number },
  lang: WireLang,
): string {
  const p = PHRASES[lang]
  const unit = p.unit[d.metric]
  if (d.value === null) return `${p.metric[d.metric]}${p.colon}—`
  const parts = [
    `${p.metric[d.metric]}${p.colon}${unit(d.value)}`,
    p.vsLast(d.change_pct, d.last_week === null ? '—' : unit(d.last_week)),
    p.vsBase(d.baseline_pct, d.baseline === null ? '—' : unit(d.baseline), extra.baselineWeeks),
  ]
  const sentences = [parts.join(p.sep)]
  if (d.days.length)
    sentences.push(
      p.moves(
        d.days
          .map(
            (m) =>
              `${dayName(m.date, lang)} ${signed(m.delta)}${d.metric === 'steps' ? '' : lang === 'us-en' ? (d.metric === 'hr_resting' ? ' bpm' : ' min') : d.metric === 'hr_resting' ? '次/分' : lang === 'zh-cn' ? '分钟' : '分鐘'}`,
          )
          .join(p.sep),
      ),
    )
  if (d.metric === 'active_minutes' && extra.activities.length)
    sentences.push(p.activities(extra.activities.map((a) => p.activity(a, p.type[a.type])).join(p.sep)))
  if (d.metric === 'sleep_min' && extra.bedtime.avg !== null) sentences.push(p.bedtime(extra.bedtime))
  if (d.metric === 'hr_resting' && d.trend_bpm_per_week !== null) sentences.push(p.trend(d.trend_bpm_per_week))
  return sentences.join(p.end).trim() + p.end.trim()
}

export const suggestionInWords = (s: Suggestion, lang: WireLang) => PHRASES[lang].suggestion(s, lang)
