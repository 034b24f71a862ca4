import { currentAccountId } from '@/api'
import { Page } from '@/shared/ui/Page'
import { showSuccess } from '@/shared/ui/toast'
import { formatNumber, health } from '@kinetic/protocol'
import { Button } from 'antd-mobile'
import { UploadOutline } from 'antd-mobile-icons'
import { useState, type ChangeEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Card } from '../components/Card'
import { DateField } from '../components/DateField'
import styles from '../components/Health.module.css'
import { QueryView } from '../components/QueryView'
import sports from '../components/Sports.module.css'
import { useHealthImportMutation, useOverviewQuery } from '../health.queries'
import { addDays, isDay } from '../lib/dates'
import form from './Form.module.css'

/** The whole history an export may hold: the last EXPORT_MAX_DAYS days, today included. */
const allFrom = (today: string) => addDays(today, -(health.EXPORT_MAX_DAYS - 1))

/**
 * Own your data: export everything as a zip (samples of the chosen days; day totals, workouts'
 * GPX and TCX and the profile), streamed by the server as a plain download; import a Kinetic
 * export, a Gadgetbridge database, Garmin FIT files or a Huawei Health export.
 */
export function HealthDataPage() {
  const { t } = useTranslation()
  const overview = useOverviewQuery()
  return (
    <Page title={t('health.data.title')}>
      <QueryView query={overview}>{(data) => <DataCards today={data.date} />}</QueryView>
    </Page>
  )
}

function DataCards({ today }: { today: string }) {
  const { t } = useTranslation()
  const [from, setFrom] = useState(() => allFrom(today))
  const [to, setTo] = useState(today)
  const importFile = useHealthImportMutation()
  const [result, setResult] = useState<health.ImportResult | null>(null)
  const rangeOk = isDay(from) && isDay(to) && from <= to && to <= today && from >= allFrom(to)
  const query = new URLSearchParams({ from, to, account: String(currentAccountId() ?? '') })
  const href = `${health.HEALTH_EXPORT_PATH}?${query.toString()}`

  const read = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    setResult(null)
    importFile.mutate(file, {
      onSuccess: (answer) => {
        setResult(answer)
        showSuccess(t('health.data.imported'))
      },
    })
  }

  return (
    <>
      <Card title={t('health.data.exportTitle')}>
        <p className={styles.note}>{t('health.data.exportNote')}</p>
        <DateField label={t('health.data.from')} value={from} max={to} onChange={setFrom} />
        <DateField label={t('health.data.to')} value={to} max={today} onChange={setTo} />
        {!rangeOk && <p role="alert">{t('health.data.badRange')}</p>}
        <Button
          block
          color="primary"
          disabled={!rangeOk}
          onClick={() => {
            // a plain navigation: the server streams the zip as an attachment, the page stays
            if (rangeOk) window.location.assign(href)
          }}
        >
          {t('health.data.download')}
        </Button>
      </Card>
      <Card title={t('health.data.importTitle')}>
        <p className={styles.note}>{t('health.data.importNote')}</p>
        {/* the browser's own file control names itself in the browser's language: a button in ours */}
        <label className={`${sports.importButton} ${form.filePick}`} aria-busy={importFile.isPending}>
          <UploadOutline aria-hidden="true" />
          {t('health.data.chooseFile')}
          <input
            className={sports.importInput}
            type="file"
            accept=".zip,.db,.sqlite,.fit,.json,application/zip,application/json"
            onChange={read}
            disabled={importFile.isPending}
            aria-label={t('health.data.chooseFile')}
          />
        </label>
        {result && (
          <p role="status" className={styles.note}>
            {result.days.length === 0
              ? t('health.data.nothingNew')
              : t('health.data.summary', {
                  kind: t(`health.data.kinds.${result.kind}`),
                  days: result.days.length,
                  workouts: result.added.workouts,
                  minutes: formatNumber(result.added.steps),
                  readings: formatNumber(result.added.heart_rate),
                })}
            {result.days.length > 0 && !result.earns && ` ${t('health.data.noEnergy')}`}
            {expired(result) > 0 && ` ${t('health.data.expired', { count: expired(result) })}`}
          </p>
        )}
      </Card>
    </>
  )
}

/** Readings of an import older than the raw data kept: counted, not stored (ADR 2026-11-25-raw-retention). */
const expired = (result: health.ImportResult) =>
  result.expired.heart_rate + result.expired.steps + result.expired.blood_pressure + result.expired.spo2
