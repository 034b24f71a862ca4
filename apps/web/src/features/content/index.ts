import { lazy } from 'react'

export { useAppVersionQuery } from './content.queries'
export { contentRoutes } from './routes'
export { unsubscribeThisDevice } from './push'
/** The unread-message badge (Mine tab, messages entry); loads with the request pipeline, after the first page. */
export const UnreadBadge = lazy(() => import('./components/UnreadBadge'))
/** Settings → Notifications: this device's pushes and a switch per kind. */
export const PushSettings = lazy(() => import('./components/PushSettings'))
/** Refreshes messages when a push arrives and opens a tapped notification's route (mounted by the shell). */
export const PushListener = lazy(() => import('./components/PushListener'))
