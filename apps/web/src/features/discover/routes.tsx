import { lazyPage, publicRoute, signedIn, tabRoute, type AppRoute, type RouteMeta } from '@/shared/routing'
import type { ComponentType } from 'react'

/** A Discover page: it and the Discover texts load on demand, not with the first route. */
const page = (path: string, load: () => Promise<ComponentType>, meta: RouteMeta): AppRoute =>
  lazyPage(
    path,
    async () => {
      const { loadTexts } = await import('@/i18n/lazyTexts')
      const [component] = await Promise.all([load(), loadTexts('discover')])
      return component
    },
    meta,
  )

/** Discover: the /find tab, each stream's settled days and its receive records, and the economy. */
export const discoverRoutes: AppRoute[] = [
  page('/find', () => import('./pages/FindPage').then((m) => m.FindPage), tabRoute),
  // beyond spec §2 (its screens list "view details" and "receive record" without routes)
  page('/findDetail', () => import('./pages/FindDetailPage').then((m) => m.FindDetailPage), signedIn),
  page('/findRecord', () => import('./pages/FindRecordPage').then((m) => m.FindRecordPage), signedIn),
  // the economy in the open: anyone may read it, signed in or not
  page('/findEconomy', () => import('./pages/EconomyPage').then((m) => m.EconomyPage), publicRoute),
]
