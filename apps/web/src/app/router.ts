import { accountRoutes } from '@/features/account'
import { contentRoutes } from '@/features/content'
import { deviceRoutes } from '@/features/device'
import { discoverRoutes } from '@/features/discover'
import { earnRoutes } from '@/features/earn'
import { healthRoutes } from '@/features/health'
import { shopRoutes } from '@/features/shop'
import { supportRoutes } from '@/features/support'
import { walletRoutes } from '@/features/wallet'
import { Loading } from '@/shared/ui/Status'
import { createHashRouter, redirect } from 'react-router'
import { RootLayout } from './shell/RootLayout'
import { RouteError } from './shell/RouteError'

export const HOME_PATH = '/homePage'

/**
 * The route table (spec §2): hash history, every page lazy, each feature owning its routes.
 * No guard stops a navigation; see `RouteMeta` for how `isNeedLogin` is used.
 */
export const router = createHashRouter([
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: Loading,
    children: [
      { index: true, loader: () => redirect(HOME_PATH) },
      ...earnRoutes,
      ...discoverRoutes,
      ...shopRoutes,
      ...walletRoutes,
      ...healthRoutes,
      ...deviceRoutes,
      ...accountRoutes,
      ...contentRoutes,
      ...supportRoutes,
      { path: '*', loader: () => redirect(HOME_PATH) },
    ],
  },
])
