import { loadTexts } from '@/i18n/lazyTexts'
import type { ComponentType } from 'react'

/**
 * Every health page by route, each in its own chunk (echarts, shared by the chart pages, in
 * one more). The route table lists paths only, so none of this is part of the first route.
 */
export const healthPages = {
  '/heartRate': () => import('./HeartRatePage').then((m) => m.HeartRatePage),
  '/heartRateRecord': () => import('./HeartRateRecordPage').then((m) => m.HeartRateRecordPage),
  '/heartRateLive': () => import('./HeartRateLivePage').then((m) => m.HeartRateLivePage),
  '/sleepReport': () => import('./SleepReportPage').then((m) => m.SleepReportPage),
  '/sportsRecord': () => import('./SportsRecordPage').then((m) => m.SportsRecordPage),
  '/workoutDetail': () => import('./WorkoutDetailPage').then((m) => m.WorkoutDetailPage),
  '/weeklyReport': () => import('./WeeklyReportPage').then((m) => m.WeeklyReportPage),
  '/weeklyReportDetail': () => import('./WeeklyReportDetailPage').then((m) => m.WeeklyReportDetailPage),
  '/physicalReport': () => import('./PhysicalReportPage').then((m) => m.PhysicalReportPage),
  '/questionnaire': () => import('./QuestionnairePage').then((m) => m.QuestionnairePage),
  '/dailyGoal': () => import('./DailyGoalPage').then((m) => m.DailyGoalPage),
  '/userAuthorize': () => import('./UserAuthorizePage').then((m) => m.UserAuthorizePage),
  '/healthTrend': () => import('./TrendPage').then((m) => m.TrendPage),
  '/weightLog': () => import('./WeightLogPage').then((m) => m.WeightLogPage),
  '/healthData': () => import('./HealthDataPage').then((m) => m.HealthDataPage),
} satisfies Record<string, () => Promise<ComponentType>>

export type HealthPath = keyof typeof healthPages

/** A page with the health texts loaded, ready to render. */
export async function loadHealthPage(path: HealthPath): Promise<ComponentType> {
  const [component] = await Promise.all([healthPages[path](), loadTexts('health')])
  return component
}
