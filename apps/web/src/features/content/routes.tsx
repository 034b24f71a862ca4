import { lazyPage, notOpen, publicRoute, type AppRoute } from '@/shared/routing'

const articles = () => import('./pages/ArticlePage')

export const contentRoutes: AppRoute[] = [
  lazyPage('/privacy', () => articles().then((m) => m.PrivacyPage), publicRoute),
  lazyPage('/protocol', () => articles().then((m) => m.ProtocolPage), publicRoute),
  lazyPage('/introduceTxt', () => articles().then((m) => m.IntroducePage), publicRoute),
  // Built by issue 6 (messages and notices).
  notOpen('/messageList'),
  notOpen('/messageDetail'),
]
