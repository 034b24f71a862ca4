import { notOpen, tabRoute, type AppRoute } from '@/shared/routing'

// Built by issue 5 (earning and shop): home, discover, rewards, invitation and sharing.
export const earnRoutes: AppRoute[] = [
  notOpen('/homePage', tabRoute),
  notOpen('/find', tabRoute),
  notOpen('/tradingHistory'),
  notOpen('/welfare'),
  notOpen('/invite'),
  notOpen('/share'),
]
