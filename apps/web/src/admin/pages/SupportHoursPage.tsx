import { admin } from '@kinetic/protocol'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Button, Input } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { consoleQuery, useSupportHoursQuery } from '../admin.queries'
import { consoleCall } from '../api'
import { fieldsOf, toastOk } from '../ui'

type Hours = { time_zone: string; days: string; open: string; close: string; reply_hours: string }
const FIELDS = ['time_zone', 'days', 'open', 'close', 'reply_hours'] as const

/**
 * Customer service's working hours: the acknowledgement a user gets in chat and on a new work
 * order tells them these hours and when to expect an answer (reply hours counted over them).
 */
export function SupportHoursPage() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const current = useSupportHoursQuery()
  const [edit, setEdit] = useState<Hours | undefined>()
  const shown: Hours | undefined =
    edit ??
    (current.data && {
      ...current.data,
      days: current.data.days.join(','),
      reply_hours: String(current.data.reply_hours),
    })
  const save = useMutation({
    mutationFn: (hours: Hours) => consoleCall(admin.supportHoursSet, hours),
    onSuccess: (data) => {
      queryClient.setQueryData(consoleQuery(admin.supportHours).queryKey, data)
      setEdit(undefined)
      toastOk(t('admin.toast.modified'))
    },
  })
  const problems = save.error ? fieldsOf(save.error) : {}

  return (
    <>
      <h1>{t('admin.nav.hours')}</h1>
      {!shown ? (
        <p className="muted">…</p>
      ) : (
        <form
          className="card"
          onSubmit={(event) => {
            event.preventDefault()
            save.mutate(shown)
          }}
        >
          {FIELDS.map((field) => (
            <label key={field} className="field">
              <span>{t(`admin.hours.${field}`)}</span>
              <Input className="box" value={shown[field]} onChange={(value) => setEdit({ ...shown, [field]: value })} />
              {problems[field] && <span className="error">{problems[field]}</span>}
            </label>
          ))}
          {save.error && Object.keys(problems).length === 0 && <p className="error">{save.error.message}</p>}
          <p className="muted">{t('admin.hours.hint')}</p>
          <Button type="submit" color="primary" loading={save.isPending}>
            {t('admin.save')}
          </Button>
        </form>
      )}
    </>
  )
}
