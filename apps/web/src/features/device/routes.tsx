import { notOpen, type AppRoute } from '@/shared/routing'

// Built by issue 4 (health and devices).
export const deviceRoutes: AppRoute[] = [notOpen('/deviceList')]
