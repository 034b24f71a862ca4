import { notOpen, tabRoute, type AppRoute } from '@/shared/routing'

// Built by issue 5 (earning and shop): spot goods and the points shop.
export const shopRoutes: AppRoute[] = [notOpen('/product', tabRoute), notOpen('/shop')]
