import { lazy } from 'react'

export { supportRoutes } from './routes'
/** Messages, customer chat and work tickets entries for the Mine tab. */
export const SupportMenu = lazy(() => import('./components/SupportMenu'))
