import { lazy } from 'react'
export { accountRoutes } from './routes'
/** Asks before moving the account to the device's time zone (mounted by the shell on signed-in pages; loads after the first page). */
export const ZonePrompt = lazy(() => import('./components/ZonePrompt'))
