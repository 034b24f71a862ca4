import { useAppVersionQuery } from '@/features/content'
import { needsUpdate } from '@kinetic/protocol'
import { lazy, Suspense, useEffect } from 'react'

const UpdateDialog = lazy(() => import('./UpdateDialog'))

/**
 * Asks the server for the current version once the launch screen is over and blocks the
 * app when the installed one (`window.appVersion`) is lower. A failed check is only logged.
 */
export function UpdateCheck() {
  const { data, error } = useAppVersionQuery()
  useEffect(() => {
    if (error) console.error('Version check failed:', error)
  }, [error])
  const latest = data?.app_version
  if (!latest || !needsUpdate(window.appVersion, latest)) return null
  return (
    <Suspense fallback={null}>
      <UpdateDialog version={latest} />
    </Suspense>
  )
}
