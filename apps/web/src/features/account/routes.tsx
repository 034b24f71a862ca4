import { lazyPage, publicRoute, signedIn, tabRoute, type AppRoute } from '@/shared/routing'

export const accountRoutes: AppRoute[] = [
  lazyPage('/login', () => import('./pages/LoginPage').then((m) => m.LoginPage), publicRoute),
  lazyPage('/switchLogin', () => import('./pages/SwitchLoginPage').then((m) => m.SwitchLoginPage), publicRoute),
  lazyPage('/register', () => import('./pages/RegisterPage').then((m) => m.RegisterPage), publicRoute),
  lazyPage('/forgetPsw', () => import('./pages/ForgetPasswordPage').then((m) => m.ForgetPasswordPage), publicRoute),
  lazyPage('/my', () => import('./pages/MinePage').then((m) => m.MinePage), tabRoute),
  lazyPage('/switchAccount', () => import('./pages/SwitchAccountPage').then((m) => m.SwitchAccountPage), signedIn),
  lazyPage('/languageList', () => import('./pages/LanguageListPage').then((m) => m.LanguageListPage), publicRoute),
  lazyPage('/userInfo', () => import('./pages/UserInfoPage').then((m) => m.UserInfoPage), signedIn),
  lazyPage('/userSettings', () => import('./pages/UserSettingsPage').then((m) => m.UserSettingsPage), signedIn),
  lazyPage('/aboutUs', () => import('./pages/AboutUsPage').then((m) => m.AboutUsPage), signedIn),
  lazyPage(
    '/accountBindEmail',
    () => import('./pages/AccountBindEmailPage').then((m) => m.AccountBindEmailPage),
    signedIn,
  ),
  lazyPage(
    '/accountBindGoogle',
    () => import('./pages/AccountBindGooglePage').then((m) => m.AccountBindGooglePage),
    signedIn,
  ),
  lazyPage(
    '/accountModifyPassword',
    () => import('./pages/AccountModifyPasswordPage').then((m) => m.AccountModifyPasswordPage),
    signedIn,
  ),
  lazyPage('/accountLogoff', () => import('./pages/AccountLogoffPage').then((m) => m.AccountLogoffPage), signedIn),
]
