import { admin } from '@kinetic/protocol'
import { Button } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useJobsQuery } from '../admin.queries'
import { formatTime } from '../ui'

const LIMIT = 50
type State = admin.JobRun['state']
const STATES: readonly (State | 'all')[] = ['all', ...admin.JOB_STATES]

/** Background jobs, newest first: what ran, how often it was tried, its last error; by name and state. */
export function JobsPage() {
  const { t, i18n } = useTranslation()
  const [name, setName] = useState('')
  const [state, setState] = useState<State | 'all'>('all')
  const [page, setPage] = useState(1)
  const jobs = useJobsQuery({
    name: name || undefined,
    state: state === 'all' ? undefined : state,
    page,
    limit: LIMIT,
  })
  const total = jobs.data?.total ?? 0
  const time = (at: string | null) => (at ? formatTime(at, i18n.language) : '—')

  return (
    <>
      <h1>{t('admin.nav.jobs')}</h1>
      <div className="actions" style={{ marginBottom: 12 }}>
        <label className="field">
          <span>{t('admin.jobs.name')}</span>
          <select
            className="box"
            value={name}
            onChange={(event) => {
              setName(event.target.value)
              setPage(1)
            }}
          >
            <option value="">{t('admin.jobs.allNames')}</option>
            {jobs.data?.names.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="actions" role="tablist" style={{ marginBottom: 12 }}>
        {STATES.map((s) => (
          <Button
            key={s}
            size="small"
            color={s === state ? 'primary' : 'default'}
            onClick={() => {
              setState(s)
              setPage(1)
            }}
          >
            {t(`admin.jobs.states.${s}`)}
          </Button>
        ))}
      </div>
      <table className="audit card" aria-label={t('admin.nav.jobs')}>
        <thead>
          <tr>
            <th>{t('admin.jobs.name')}</th>
            <th>{t('admin.jobs.state')}</th>
            <th>{t('admin.jobs.attempts')}</th>
            <th>{t('admin.jobs.created')}</th>
            <th>{t('admin.jobs.started')}</th>
            <th>{t('admin.jobs.finished')}</th>
            <th>{t('admin.jobs.key')}</th>
            <th>{t('admin.jobs.error')}</th>
          </tr>
        </thead>
        <tbody>
          {jobs.data?.list.length === 0 && (
            <tr>
              <td colSpan={8} className="muted">
                {t('admin.empty')}
              </td>
            </tr>
          )}
          {jobs.data?.list.map((j) => (
            <tr key={j.id} data-testid={`job-${j.id}`}>
              <td>{j.name}</td>
              <td>{t(`admin.jobs.states.${j.state}`)}</td>
              <td>{j.attempts}</td>
              <td>{time(j.created_at)}</td>
              <td>{time(j.started_at)}</td>
              <td>{time(j.finished_at)}</td>
              <td>{j.key ?? '—'}</td>
              <td className="details">{j.error ?? ''}</td>
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
