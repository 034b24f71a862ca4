import { admin, type Result } from '@kinetic/protocol'
import { useMutation } from '@tanstack/react-query'
import { Button, Input } from 'antd-mobile'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useConsoleRefresh, useDeviceBatchesQuery } from '../admin.queries'
import { consoleCall } from '../api'
import { fieldsOf, formatTime, toastOk } from '../ui'

type Issued = Result<typeof admin.deviceBatchAdd>

/** The batch as CSV (device code, activation code, model), for printing on the boxes. */
function csvOf(issued: Issued): string {
  const rows = issued.codes.map((c) => [c.device_code, c.active_code, issued.model])
  // the server's rule (platform/export/csv.ts): a cell a spreadsheet would run as a formula gets a '
  const cell = (v: string) => `"${(/^[=+\-@\t\r]/.test(v) ? `'${v}` : v).replaceAll('"', '""')}"`
  return [['device_code', 'active_code', 'model'], ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n'
}

/** Issue device-code batches; the activation codes are shown (and downloadable) once only. */
export function DevicesPage() {
  const { t, i18n } = useTranslation()
  const refresh = useConsoleRefresh()
  const [model, setModel] = useState('')
  const [count, setCount] = useState('')
  const [issued, setIssued] = useState<Issued>()
  const batches = useDeviceBatchesQuery()
  const issue = useMutation({
    mutationFn: () => consoleCall(admin.deviceBatchAdd, { model, count }),
    onSuccess: (data) => {
      setIssued(data)
      setCount('')
      toastOk(t('admin.toast.submitted'))
      refresh(admin.deviceBatches)
    },
  })
  const csvUrl = useMemo(
    () => (issued ? URL.createObjectURL(new Blob([csvOf(issued)], { type: 'text/csv;charset=utf-8' })) : undefined),
    [issued],
  )
  const problems = fieldsOf(issue.error)

  return (
    <>
      <h1>{t('admin.nav.devices')}</h1>
      <form
        className="card"
        onSubmit={(event) => {
          event.preventDefault()
          issue.mutate()
        }}
      >
        <div className="actions">
          <label className="field">
            <span>{t('admin.devices.model')}</span>
            <Input className="box" value={model} onChange={setModel} maxLength={admin.DEVICE_MODEL_MAX} />
            {problems.model && <span className="error">{problems.model}</span>}
          </label>
          <label className="field">
            <span>{t('admin.devices.count', { max: admin.DEVICE_BATCH_MAX })}</span>
            <Input className="box" value={count} onChange={setCount} />
            {problems.count && <span className="error">{problems.count}</span>}
          </label>
        </div>
        {issue.error && Object.keys(problems).length === 0 && <p className="error">{issue.error.message}</p>}
        <Button type="submit" color="primary" loading={issue.isPending}>
          {t('admin.devices.issue')}
        </Button>
      </form>

      {issued && csvUrl && (
        <section className="card" aria-label={t('admin.devices.issued')}>
          <h2>
            {t('admin.devices.issued')}: {issued.batch} · {issued.model} · {issued.codes.length}
          </h2>
          <p className="error">{t('admin.devices.once')}</p>
          <div className="actions" style={{ marginBottom: 8 }}>
            <a
              className="adm-button adm-button-primary"
              style={{ textDecoration: 'none' }}
              href={csvUrl}
              download={`${issued.batch}.csv`}
            >
              {t('admin.devices.download')}
            </a>
          </div>
          <table className="audit" data-testid="issued-codes">
            <thead>
              <tr>
                <th>{t('admin.devices.deviceCode')}</th>
                <th>{t('admin.devices.activeCode')}</th>
              </tr>
            </thead>
            <tbody>
              {issued.codes.slice(0, 100).map((c) => (
                <tr key={c.device_code}>
                  <td>{c.device_code}</td>
                  <td>{c.active_code}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {issued.codes.length > 100 && (
            <p className="muted">{t('admin.devices.more', { n: issued.codes.length - 100 })}</p>
          )}
        </section>
      )}

      <table className="audit card" aria-label={t('admin.devices.batches')}>
        <thead>
          <tr>
            <th>{t('admin.devices.batch')}</th>
            <th>{t('admin.devices.model')}</th>
            <th>{t('admin.devices.total')}</th>
            <th>{t('admin.devices.bound')}</th>
            <th>{t('admin.devices.unbound')}</th>
            <th>{t('admin.devices.created')}</th>
          </tr>
        </thead>
        <tbody>
          {batches.data?.list.map((b) => (
            <tr key={b.batch} data-testid={`batch-${b.batch}`}>
              <td>{b.batch}</td>
              <td>{b.model}</td>
              <td>{b.total}</td>
              <td>{b.bound}</td>
              <td>{b.unbound}</td>
              <td>{formatTime(b.created_at, i18n.language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  )
}
