import { notOpen, type AppRoute } from '@/shared/routing'

// Built by issue 6 (customer-service chat and work tickets).
export const supportRoutes: AppRoute[] = [notOpen('/serverChat'), notOpen('/serverWorkList')]
