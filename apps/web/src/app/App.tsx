import type { QueryClient } from '@tanstack/react-query'
import { lazy, startTransition, Suspense, useEffect, useState } from 'react'
import { RouterProvider } from 'react-router'
import { Providers } from './Providers'
import { router } from './router'
import { LaunchScreen, launchShownMs } from './shell/LaunchScreen'

// The version check (and the request pipeline it needs) loads after the first page.
const UpdateCheck = lazy(() => import('./shell/UpdateCheck').then((m) => ({ default: m.UpdateCheck })))

/** Spec §1: the launch image shows this long (from its first paint); routed content renders only after. */
const LAUNCH_MS = 2000

/**
 * The app: the launch screen, then (once it has shown for LAUNCH_MS and `ready`, the current
 * language's texts, has settled) the routed pages, so no page shows untranslated keys.
 */
export function App({ queryClient, ready }: { queryClient: QueryClient; ready: Promise<unknown> }) {
  const [launching, setLaunching] = useState(true)
  useEffect(() => {
    let live = true
    const launched = new Promise((resolve) => setTimeout(resolve, Math.max(0, LAUNCH_MS - launchShownMs())))
    // A failed load still ends the launch (the texts are tried again on the next switch). The
    // first page renders as a transition, in slices that leave the main thread free for input.
    void Promise.allSettled([launched, ready]).then(() => live && startTransition(() => setLaunching(false)))
    return () => {
      live = false
    }
  }, [ready])
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
