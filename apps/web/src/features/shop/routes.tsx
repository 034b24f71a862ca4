import { lazyPage, signedIn, tabRoute, type AppRoute } from '@/shared/routing'

// The points shop: /product (tab) opens on physical goods, /shop on virtual ones.
export const shopRoutes: AppRoute[] = [
  lazyPage('/product', () => import('./pages/ShopPage').then((m) => m.ProductPage), tabRoute),
  lazyPage('/shop', () => import('./pages/ShopPage').then((m) => m.PointsShopPage), signedIn),
  // beyond spec §2: my orders
  lazyPage('/orders', () => import('./pages/OrdersPage').then((m) => m.OrdersPage), signedIn),
]
