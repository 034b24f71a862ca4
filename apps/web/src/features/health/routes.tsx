import { notOpen, type AppRoute } from '@/shared/routing'

// Built by issue 4 (health). The daily goal and the data-use authorizations are health
// operations in protocol (`/v1/target`, `/v1/authorize`), so their pages live here too.
export const healthRoutes: AppRoute[] = [
  '/heartRate',
  '/questionnaire',
  '/sportsRecord',
  '/physicalReport',
  '/weeklyReport',
  '/weeklyReportDetail',
  '/sleepReport',
  '/heartRateRecord',
  '/dailyGoal',
  '/userAuthorize',
].map((path) => notOpen(path))
