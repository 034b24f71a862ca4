import { admin, formatNumber } from '@kinetic/protocol'
import { useMutation } from '@tanstack/react-query'
import { Button, Input } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useConsoleRefresh, useSettlementsQuery } from '../admin.queries'
import { consoleCall } from '../api'
import { fieldsOf, formatTime, toastOk } from '../ui'

/** Today as a UTC day, `YYYY-MM-DD` (the days settlement splits by). */
const todayUtc = () => new Date().toISOString().slice(0, 10)

/**
 * The daily settlement: settle a day now (exactly once — a settled day answers its run and
 * pays nothing again; an interrupted one is resumed) and every run with its pools and progress.
 */
export function SettlementPage() {
  const { t, i18n } = useTranslation()
  const refresh = useConsoleRefresh()
  const [day, setDay] = useState(todayUtc)
  const runs = useSettlementsQuery()
  const settle = useMutation({
    mutationFn: () => consoleCall(admin.settle, { day: day.trim() }),
    onSuccess: (data) => {
      toastOk(t(data.created ? 'admin.toast.submitted' : 'admin.settlement.already'))
      refresh(admin.settlements)
    },
  })
  const problem = settle.error ? (fieldsOf(settle.error).day ?? settle.error.message) : undefined

  return (
    <>
      <h1>{t('admin.nav.settlement')}</h1>
      <form
        className="card"
        aria-label={t('admin.settlement.settle')}
        onSubmit={(event) => {
          event.preventDefault()
          settle.mutate()
        }}
      >
        <label className="field">
          <span>{t('admin.settlement.day')}</span>
          <Input className="box" style={{ width: 200 }} value={day} onChange={setDay} placeholder="YYYY-MM-DD" />
          {problem && <span className="error">{problem}</span>}
        </label>
        <p className="muted">{t('admin.settlement.hint')}</p>
        <Button type="submit" color="primary" loading={settle.isPending}>
          {t('admin.settlement.settle')}
        </Button>
      </form>

      <table className="audit card" aria-label={t('admin.settlement.runs')}>
        <thead>
          <tr>
            <th>{t('admin.settlement.day')}</th>
            <th>{t('admin.settlement.status')}</th>
            <th>{t('admin.settlement.stage')}</th>
            <th>{t('admin.settlement.emission')}</th>
            <th>{t('admin.settlement.pools')}</th>
            <th>{t('admin.settlement.totals')}</th>
            <th>{t('admin.settlement.issued')}</th>
            <th>{t('admin.settlement.progress')}</th>
            <th>{t('admin.settlement.time')}</th>
          </tr>
        </thead>
        <tbody>
          {runs.data?.list.length === 0 && (
            <tr>
              <td colSpan={9} className="muted">
                {t('admin.empty')}
              </td>
            </tr>
          )}
          {runs.data?.list.map((run) => (
            <tr key={run.day} data-testid={`settlement-${run.day}`}>
              <td>{run.day}</td>
              <td>{t(`admin.settlement.statuses.${run.status}`)}</td>
              <td>{run.stage}</td>
              <td>{formatNumber(run.emission)}</td>
              <td>
                {formatNumber(run.computing_pool)} / {formatNumber(run.token_pool)}
              </td>
              <td>
                {formatNumber(run.total_power)} / {formatNumber(run.total_staked)}
              </td>
              <td>{formatNumber(run.issued)}</td>
              <td>
                {run.credited} / {run.shares}
              </td>
              <td>
                {formatTime(run.started_at, i18n.language)}
                {run.finished_at && ` → ${formatTime(run.finished_at, i18n.language)}`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  )
}
