import type { WireLang } from '@kinetic/protocol'
import { text } from '../../platform/i18n/index.ts'

/**
 * PAR-Q+ (2023) general health questions: seven yes/no questions before becoming more
 * physically active. Any "yes" → see a doctor or qualified exercise professional first.
 * The texts: the `questionnaire` catalog (`questions.1` … `questions.7`).
 */
export const PARQ_QUESTION_COUNT = 7

export const parqTitle = (lang: WireLang) => text(lang, 'questionnaire', 'title')

export const parqAdvice = (result: 'clear' | 'consult', lang: WireLang) =>
  text(lang, 'questionnaire', `advice.${result}`)

export const questionTexts = (lang: WireLang) =>
  Array.from({ length: PARQ_QUESTION_COUNT }, (_, i) => ({
    id: i + 1,
    text: text(lang, 'questionnaire', `questions.${i + 1}`),
  }))
