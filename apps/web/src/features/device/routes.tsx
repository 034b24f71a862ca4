import { lazyPage, signedIn, type AppRoute } from '@/shared/routing'

/** My watches. The page and the device texts load on demand, not with the first route. */
export const deviceRoutes: AppRoute[] = [
  lazyPage(
    '/deviceList',
    async () => {
      const { loadTexts } = await import('@/i18n/lazyTexts')
      const [page] = await Promise.all([import('./pages/DeviceListPage'), loadTexts('device')])
      return page.DeviceListPage
    },
    signedIn,
  ),
]
