import { lazy } from 'react'

export { useAppVersionQuery } from './content.queries'
export { contentRoutes } from './routes'
/** The unread-message badge (Mine tab, messages entry); loads with the request pipeline, after the first page. */
export const UnreadBadge = lazy(() => import('./components/UnreadBadge'))
