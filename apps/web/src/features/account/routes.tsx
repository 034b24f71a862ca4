import { lazyPage, notOpen, publicRoute, signedIn, tabRoute, type AppRoute } from '@/shared/routing'

export const accountRoutes: AppRoute[] = [
  lazyPage('/login', () => import('./pages/LoginPage').then((m) => m.LoginPage), publicRoute),
  lazyPage('/switchLogin', () => import('./pages/SwitchLoginPage').then((m) => m.SwitchLoginPage), publicRoute),
  lazyPage('/register', () => import('./pages/RegisterPage').then((m) => m.RegisterPage), publicRoute),
  lazyPage('/forgetPsw', () => import('./pages/ForgetPasswordPage').then((m) => m.ForgetPasswordPage), publicRoute),
  lazyPage('/my', () => import('./pages/MinePage').then((m) => m.MinePage), tabRoute),
  lazyPage('/switchAccount', () => import('./pages/SwitchAccountPage').then((m) => m.SwitchAccountPage), signedIn),
  lazyPage('/languageList', () => import('./pages/LanguageListPage').then((m) => m.LanguageListPage), signedIn),
  // Built by issue 6 (Mine: profile, settings and account security).
  ...[
    '/userInfo',
    '/userSettings',
    '/aboutUs',
    '/accountBindEmail',
    '/accountBindGoogle',
    '/accountModifyPassword',
    '/accountLogoff',
  ].map((path) => notOpen(path)),
]
