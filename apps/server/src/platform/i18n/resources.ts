import type { Locale } from '@kinetic/protocol'
import enExplain from './locales/en-US/explain.json' with { type: 'json' }
import enHours from './locales/en-US/hours.json' with { type: 'json' }
import enMails from './locales/en-US/mails.json' with { type: 'json' }
import enPdf from './locales/en-US/pdf.json' with { type: 'json' }
import enQuestionnaire from './locales/en-US/questionnaire.json' with { type: 'json' }
import enReview from './locales/en-US/review.json' with { type: 'json' }
import enWeekly from './locales/en-US/weekly.json' with { type: 'json' }
import zhCNExplain from './locales/zh-CN/explain.json' with { type: 'json' }
import zhCNHours from './locales/zh-CN/hours.json' with { type: 'json' }
import zhCNMails from './locales/zh-CN/mails.json' with { type: 'json' }
import zhCNPdf from './locales/zh-CN/pdf.json' with { type: 'json' }
import zhCNQuestionnaire from './locales/zh-CN/questionnaire.json' with { type: 'json' }
import zhCNReview from './locales/zh-CN/review.json' with { type: 'json' }
import zhCNWeekly from './locales/zh-CN/weekly.json' with { type: 'json' }
import zhTWExplain from './locales/zh-TW/explain.json' with { type: 'json' }
import zhTWHours from './locales/zh-TW/hours.json' with { type: 'json' }
import zhTWMails from './locales/zh-TW/mails.json' with { type: 'json' }
import zhTWPdf from './locales/zh-TW/pdf.json' with { type: 'json' }
import zhTWQuestionnaire from './locales/zh-TW/questionnaire.json' with { type: 'json' }
import zhTWReview from './locales/zh-TW/review.json' with { type: 'json' }
import zhTWWeekly from './locales/zh-TW/weekly.json' with { type: 'json' }

/** The namespaces: one catalog file per server area in each language, `locales/<locale>/<namespace>.json`. */
export const NAMESPACES = ['explain', 'hours', 'mails', 'pdf', 'questionnaire', 'review', 'weekly'] as const
export type Namespace = (typeof NAMESPACES)[number]

/** Every catalog, bundled (JSON imports, as the build inlines them): locale → namespace → texts. */
export const RESOURCES: Record<Locale, Record<Namespace, Record<string, unknown>>> = {
  'en-US': {
    explain: enExplain,
    hours: enHours,
    mails: enMails,
    pdf: enPdf,
    questionnaire: enQuestionnaire,
    review: enReview,
    weekly: enWeekly,
  },
  'zh-CN': {
    explain: zhCNExplain,
    hours: zhCNHours,
    mails: zhCNMails,
    pdf: zhCNPdf,
    questionnaire: zhCNQuestionnaire,
    review: zhCNReview,
    weekly: zhCNWeekly,
  },
  'zh-TW': {
    explain: zhTWExplain,
    hours: zhTWHours,
    mails: zhTWMails,
    pdf: zhTWPdf,
    questionnaire: zhTWQuestionnaire,
    review: zhTWReview,
    weekly: zhTWWeekly,
  },
}
