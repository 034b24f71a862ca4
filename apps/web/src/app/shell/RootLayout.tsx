import { ZonePrompt } from '@/features/account'
import { PushListener } from '@/features/content'
import { useRouteMeta } from '@/shared/routing'
import { Suspense } from 'react'
import { Outlet, ScrollRestoration, useNavigation } from 'react-router'
import { OfflineBanner } from './OfflineBanner'
import styles from './RootLayout.module.css'
import { TabBar } from './TabBar'

/** The shell around every route: page-load progress, the offline banner, the page, and the tab bar on tab routes. */
export function RootLayout() {
  const meta = useRouteMeta()
  const navigation = useNavigation()
  return (
    <>
      {navigation.state === 'loading' && <div className={styles.progress} role="progressbar" />}
      <OfflineBanner />
      <div className={meta?.tabBar ? styles.tabPage : undefined}>
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
