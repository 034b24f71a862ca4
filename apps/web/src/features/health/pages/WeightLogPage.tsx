import { dayIn, useAccountTimeZone } from '@/shared/clock'
import { Page } from '@/shared/ui/Page'
import { showSuccess } from '@/shared/ui/toast'
import { formatNumber, type health } from '@kinetic/protocol'
import { Button, Dialog, Input } from 'antd-mobile'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Card } from '../components/Card'
import { DateField } from '../components/DateField'
import styles from '../components/Health.module.css'
import { PeriodTabs } from '../components/PeriodTabs'
import { QueryView } from '../components/QueryView'
import {
  useAddWeightMutation,
  useDeleteWeightMutation,
  useEditWeightMutation,
  useWeightLogQuery,
} from '../health.queries'
import { formatDay } from '../lib/dates'
import form from './Form.module.css'

/**
 * /weightLog: weights the user enters (kg, one decimal, one per day), newest first, each
 * editable and deletable; the profile's weight is the latest day's. The server checks the
 * range and the day and names the problem.
 */
export function WeightLogPage() {
  const { t, i18n } = useTranslation()
  const zone = useAccountTimeZone()
  const today = dayIn(zone)
  const query = useWeightLogQuery()
  const add = useAddWeightMutation()
  const edit = useEditWeightMutation()
  const remove = useDeleteWeightMutation()
  const [editing, setEditing] = useState<health.WeightEntry | null>(null)
  const [weight, setWeight] = useState('')
  const [date, setDate] = useState(today)
  useEffect(() => () => Dialog.clear(), [])

  const startEdit = (entry: health.WeightEntry) => {
    setEditing(entry)
    setWeight(String(entry.weight))
    setDate(entry.date)
  }
  const reset = () => {
    setEditing(null)
    setWeight('')
    setDate(today)
  }
  const submit = () => {
    const done = () => {
      showSuccess(t(editing ? 'common.toast.modified' : 'health.weight.saved'))
      reset()
    }
    if (editing) edit.mutate({ id: editing.id, weight, date }, { onSuccess: done })
    else add.mutate({ weight, date }, { onSuccess: done })
  }
  const confirmDelete = async (entry: health.WeightEntry) => {
    const confirmed = await Dialog.confirm({
      content: t('health.weight.deleteConfirm', { date: formatDay(entry.date, i18n.language, true) }),
      confirmText: t('health.weight.delete'),
      cancelText: t('common.cancel'),
    })
    if (confirmed)
      remove.mutate(entry.id, {
        onSuccess: () => {
          if (editing?.id === entry.id) reset()
          showSuccess(t('health.weight.deleted'))
        },
      })
  }

  return (
    <Page title={t('health.weight.title')}>
      <PeriodTabs metric="weight" value="day" />
      <Card title={t(editing ? 'health.weight.editTitle' : 'health.weight.addTitle')}>
        <label className={form.field}>
          <span className={form.label}>{t('health.weight.weight')}</span>
          <span className={form.inputRow}>
            <Input
              className={form.input}
              value={weight}
              inputMode="decimal"
              placeholder="65.0"
              onChange={setWeight}
              aria-label={t('health.weight.weight')}
            />
            <span className={form.unit}>{t('health.unit.kg')}</span>
          </span>
        </label>
        <DateField label={t('health.weight.date')} value={date} max={today} onChange={setDate} />
        <Button block color="primary" shape="rounded" loading={add.isPending || edit.isPending} onClick={submit}>
          {t(editing ? 'health.weight.saveEdit' : 'health.weight.add')}
        </Button>
        {editing && (
          <Button block fill="none" shape="rounded" onClick={reset}>
            {t('common.cancel')}
          </Button>
        )}
      </Card>
      <Card title={t('health.weight.log')}>
        <QueryView query={query}>
          {({ list }) =>
            list.length === 0 ? (
              <p className={styles.empty}>{t('common.empty')}</p>
            ) : (
              <ul className={styles.list}>
                {list.map((entry) => (
                  <li key={entry.id} className={form.weightRow} aria-label={entry.date}>
                    <span>{formatDay(entry.date, i18n.language, true)}</span>
                    <span className={styles.zoneTime}>
                      {formatNumber(entry.weight, 1)} {t('health.unit.kg')}
                    </span>
                    <Button size="mini" fill="none" color="primary" onClick={() => startEdit(entry)}>
                      {t('health.weight.edit')}
                    </Button>
                    <Button size="mini" fill="none" color="danger" onClick={() => void confirmDelete(entry)}>
                      {t('health.weight.delete')}
                    </Button>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryView>
      </Card>
    </Page>
  )
}
