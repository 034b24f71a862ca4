import { Badge } from 'antd-mobile'
import { useUnreadCountQuery } from '../messages.queries'

/** The number of unread messages as a small badge (nothing when all are read). */
export default function UnreadBadge({ children }: { children?: React.ReactNode }) {
  const { data: unread = 0 } = useUnreadCountQuery()
  if (!children) return unread > 0 ? <Badge content={unread > 99 ? '99+' : unread} /> : null
  // on an icon (the Mine tab) the count sits on its corner, past the icon's box by design: shown,
  // not read out (the tab's name is its label; the Messages row on Mine reads the count)
  return (
    <Badge aria-hidden="true" content={unread > 0 ? (unread > 99 ? '99+' : unread) : null}>
      {children}
    </Badge>
  )
}
