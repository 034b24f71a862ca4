import type { WireLang } from '@kinetic/protocol'

/** How the sleep score and the VO2max are made, in the three languages. */
export const SLEEP_SCORE_METHOD: Record<WireLang, string> = {
  'us-en':
    'Sleep score 0–100 = duration (50 points at 8 h asleep) + deep sleep share (20 points at 20 % of sleep) + REM share (20 points at 20 %) + efficiency (10 points × time asleep / time in bed).',
  'zh-cn':
    '睡眠评分0–100 = 时长（睡满8小时得50分）+ 深睡占比（达到睡眠的20%得20分）+ 快速眼动占比（达到20%得20分）+ 睡眠效率（10分 × 睡着时间 / 在床时间）。',
  'zh-hk':
    '睡眠評分0–100 = 時長（睡滿8小時得50分）+ 深睡佔比（達到睡眠的20%得20分）+ 快速動眼佔比（達到20%得20分）+ 睡眠效率（10分 × 睡著時間 / 在床時間）。',
}

export const VO2_METHOD_NAME = 'Uth–Sørensen–Overgaard–Pedersen (2004)'
export const VO2_FORMULA = 'VO2max = 15.3 × HRmax / HRrest'

type Source = 'profile' | 'age' | 'default_age'
type Confidence = 'low' | 'medium' | 'high'
interface Vo2Facts {
  max: number
  source: Source
  rest: number | null
  days: number
  confidence: Confidence
  spreadPct: number
}

const SOURCE: Record<WireLang, Record<Source, string>> = {
  'us-en': { profile: 'set in your profile', age: '220 − your age', default_age: '220 − 30 (no birthday given)' },
  'zh-cn': { profile: '个人资料中设定', age: '220 − 年龄', default_age: '220 − 30（未填生日）' },
  'zh-hk': { profile: '個人資料中設定', age: '220 − 年齡', default_age: '220 − 30（未填生日）' },
}
const CONFIDENCE: Record<WireLang, Record<Confidence, string>> = {
  'us-en': { low: 'low', medium: 'medium', high: 'high' },
  'zh-cn': { low: '低', medium: '中', high: '高' },
  'zh-hk': { low: '低', medium: '中', high: '高' },
}

export function vo2MethodText(f: Vo2Facts, lang: WireLang): string {
  const source = SOURCE[lang][f.source]
  const confidence = CONFIDENCE[lang][f.confidence]
  const rest = f.rest ?? '—'
  if (lang === 'us-en')
    return `VO2max by the Uth–Sørensen method: 15.3 × HRmax (${f.max} bpm, ${source}) / resting HR (${rest} bpm, the mean of ${f.days} days). Confidence ${confidence}: within about ±${f.spreadPct}%; a measured HRmax and 10 or more days of resting HR make it high.`
  if (lang === 'zh-cn')
    return `最大摄氧量按Uth–Sørensen法估算：15.3 × 最大心率（${f.max}次/分，${source}）/ 静息心率（${rest}次/分，${f.days}天平均）。可信度${confidence}：误差约±${f.spreadPct}%；实测最大心率且有10天以上静息心率时可信度高。`
  return `最大攝氧量按Uth–Sørensen法估算：15.3 × 最大心率（${f.max}次/分，${source}）/ 靜息心率（${rest}次/分，${f.days}天平均）。可信度${confidence}：誤差約±${f.spreadPct}%；實測最大心率且有10天以上靜息心率時可信度高。`
}
