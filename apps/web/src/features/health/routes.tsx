import { lazyPage, signedIn, type AppRoute } from '@/shared/routing'
import type { HealthPath } from './pages/registry'

/**
 * Health routes (spec §2), plus /heartRateLive (a Bluetooth heart-rate sensor, beyond
 * the spec). The daily goal and the data-use authorizations are health operations in protocol
 * (`/v1/target`, `/v1/authorize`), so their pages live here too. Paths only: pages, echarts
 * and the health texts load on demand.
 */
const page = (path: HealthPath): AppRoute =>
  lazyPage(path, () => import('./pages/registry').then((m) => m.loadHealthPage(path)), signedIn)

export const healthRoutes: AppRoute[] = [
  page('/heartRate'),
  page('/heartRateRecord'),
  page('/heartRateLive'),
  page('/questionnaire'),
  page('/sportsRecord'),
  page('/workoutDetail'),
  page('/physicalReport'),
  page('/weeklyReport'),
  page('/weeklyReportDetail'),
  page('/sleepReport'),
  page('/dailyGoal'),
  page('/userAuthorize'),
  page('/healthTrend'),
  page('/weightLog'),
  page('/healthData'),
]
