import { lazyPage, signedIn, tabRoute, type AppRoute } from '@/shared/routing'

// Earning; Discover (/find) is its own feature, `features/discover`.
export const earnRoutes: AppRoute[] = [
  lazyPage('/homePage', () => import('./pages/HomePage').then((m) => m.HomePage), tabRoute),
  lazyPage('/tradingHistory', () => import('./pages/TradingHistoryPage').then((m) => m.TradingHistoryPage), signedIn),
  lazyPage('/welfare', () => import('./pages/WelfarePage').then((m) => m.WelfarePage), signedIn),
  lazyPage('/invite', () => import('./pages/InvitePage').then((m) => m.InvitePage), signedIn),
  lazyPage('/share', () => import('./pages/SharePage').then((m) => m.SharePage), signedIn),
  // beyond spec §2: the rules from the config table
  lazyPage('/rules', () => import('./pages/RulesPage').then((m) => m.RulesPage), signedIn),
]
