import type { support } from '@kinetic/protocol'
import { Tag } from 'antd-mobile'
import { useTranslation } from 'react-i18next'

const COLORS = { wait: 'warning', replied: 'success', completed: 'default' } as const

/** A ticket status as the spec names it: wait reply, replied, completed. */
export function StatusTag({ status }: { status: support.TicketStatus }) {
  const { t } = useTranslation()
  return (
    <Tag color={COLORS[status]} fill="outline">
      {t(`support.tickets.status.${status}`)}
    </Tag>
  )
}
