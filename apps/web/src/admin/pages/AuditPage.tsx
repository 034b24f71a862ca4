import { Button } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useAuditQuery } from '../admin.queries'
import { formatTime } from '../ui'

const LIMIT = 50

/** Every operator action, newest first: who, what, on what, when, details. */
export function AuditPage() {
  const { t, i18n } = useTranslation()
  const [page, setPage] = useState(1)
  const audit = useAuditQuery({ page, limit: LIMIT })
  const total = audit.data?.total ?? 0

  return (
    <>
      <h1>{t('admin.nav.audit')}</h1>
      <table className="audit card">
        <thead>
          <tr>
            <th>{t('admin.audit.when')}</th>
            <th>{t('admin.audit.who')}</th>
            <th>{t('admin.audit.action')}</th>
            <th>{t('admin.audit.target')}</th>
            <th>{t('admin.audit.details')}</th>
          </tr>
        </thead>
        <tbody>
          {audit.data?.list.map((a) => (
            <tr key={a.id}>
              <td>{formatTime(a.created_at, i18n.language)}</td>
              <td>{a.operator}</td>
              <td>{a.action}</td>
              <td>{a.target}</td>
              <td className="details">{a.details}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="actions">
        <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          {t('admin.audit.newer')}
        </Button>
        <Button size="small" disabled={page * LIMIT >= total} onClick={() => setPage(page + 1)}>
          {t('admin.audit.older')}
        </Button>
      </div>
    </>
  )
}
