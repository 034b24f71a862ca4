import type { QueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useState } from 'react'
import { RouterProvider } from 'react-router'
import { Providers } from './Providers'
import { router } from './router'
import { LaunchScreen } from './shell/LaunchScreen'

// The version check (and the request pipeline it needs) loads after the first page.
const UpdateCheck = lazy(() => import('./shell/UpdateCheck').then((m) => ({ default: m.UpdateCheck })))

/** Spec §9: the launch image shows this long; routed content renders only after. */
const LAUNCH_MS = 2000

export function App({ queryClient }: { queryClient: QueryClient }) {
  const [launching, setLaunching] = useState(true)
  useEffect(() => {
    const timer = setTimeout(() => setLaunching(false), LAUNCH_MS)
    return () => clearTimeout(timer)
  }, [])
  return (
    <Providers queryClient={queryClient}>
      {!launching && (
        <>
          <RouterProvider router={router} />
          <Suspense fallback={null}>
            <UpdateCheck />
          </Suspense>
        </>
      )}
      <LaunchScreen leaving={!launching} />
    </Providers>
  )
}
