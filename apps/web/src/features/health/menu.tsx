import { lazy, Suspense } from 'react'

const LazyHealthMenu = lazy(async () => {
  const module = await import('./components/HealthMenu')
  await module.healthMenuTexts()
  return { default: module.HealthMenu }
})

/** Links to the health pages and devices (for the Mine tab); its code and texts load on demand. */
export function HealthMenu() {
  return (
    <Suspense fallback={null}>
      <LazyHealthMenu />
    </Suspense>
  )
}
