import { ZonePrompt } from '@/features/account'
import { PushListener } from '@/features/content'
import { useRouteMeta } from '@/shared/routing'
import { Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router'
import { OfflineBanner } from './OfflineBanner'
import styles from './RootLayout.module.css'
import { TabBar } from './TabBar'

/** The shell around every route: page-load progress, the offline banner, the page, and the tab bar on tab routes. */
export function RootLayout() {
  const { t } = useTranslation()
  const meta = useRouteMeta()
  const navigation = useNavigation()
  const location = useLocation()
  return (
    <>
      {navigation.state === 'loading' && (
        <div className={styles.progress} role="progressbar" aria-label={t('app.loading.page')} />
      )}
      <OfflineBanner />
      {/* the page on screen: its route, and busy while the next page loads (it stays until then) */}
      <div
        className={meta?.tabBar ? styles.tabPage : undefined}
        data-route={location.pathname + location.search}
        aria-busy={navigation.state !== 'idle'}
      >
        {/* only where a session is needed: a public page never reads the profile */}
        {meta?.isNeedLogin && (
          <Suspense fallback={null}>
            <ZonePrompt />
          </Suspense>
        )}
        <Outlet />
      </div>
      {meta?.tabBar && <TabBar />}
      <ScrollRestoration />
      <Suspense fallback={null}>
        <PushListener />
      </Suspense>
    </>
  )
}
