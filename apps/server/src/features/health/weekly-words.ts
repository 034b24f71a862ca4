import type { WireLang } from '@kinetic/protocol'

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

const n = (x: number) => x.toLocaleString('en-US')
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
