import { lazyPage, publicRoute, signedIn, type AppRoute } from '@/shared/routing'

const articles = () => import('./pages/ArticlePage')

export const contentRoutes: AppRoute[] = [
  lazyPage('/privacy', () => articles().then((m) => m.PrivacyPage), publicRoute),
  lazyPage('/protocol', () => articles().then((m) => m.ProtocolPage), publicRoute),
  lazyPage('/introduceTxt', () => articles().then((m) => m.IntroducePage), publicRoute),
  lazyPage('/messageList', () => import('./pages/MessageListPage').then((m) => m.MessageListPage), signedIn),
  lazyPage('/messageDetail', () => import('./pages/MessageDetailPage').then((m) => m.MessageDetailPage), signedIn),
]
