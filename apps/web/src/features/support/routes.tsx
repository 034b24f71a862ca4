import { lazyPage, signedIn, type AppRoute } from '@/shared/routing'

export const supportRoutes: AppRoute[] = [
  lazyPage('/serverChat', () => import('./pages/ChatPage').then((m) => m.ChatPage), signedIn),
  lazyPage('/serverWorkList', () => import('./pages/WorkListPage').then((m) => m.WorkListPage), signedIn),
]
