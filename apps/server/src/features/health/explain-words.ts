import type { WireLang } from '@kinetic/protocol'
import { text } from '../../platform/i18n/index.ts'

/** How the sleep score and the VO2max are made, in the request's language (the `explain` catalog). */
export const sleepScoreMethod = (lang: WireLang) => text(lang, 'explain', 'sleepScoreMethod')

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

export function vo2MethodText(f: Vo2Facts, lang: WireLang): string {
  return text(lang, 'explain', 'vo2.method', {
    max: f.max,
    source: text(lang, 'explain', `vo2.source.${f.source}`),
    rest: f.rest ?? '—',
    days: f.days,
    confidence: text(lang, 'explain', `vo2.confidence.${f.confidence}`),
    spread: f.spreadPct,
  })
}
