import { admin } from '@kinetic/protocol'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Button, Input } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { consoleQuery, useVersionQuery } from '../admin.queries'
import { consoleCall } from '../api'
import { fieldsOf, toastOk } from '../ui'

/** The app version users must have: raising it shows installed apps below it the update dialog. */
export function VersionPage() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const current = useVersionQuery()
  const [next, setNext] = useState('')
  const save = useMutation({
    mutationFn: () => consoleCall(admin.setVersion, { app_version: next }),
    onSuccess: (data) => {
      queryClient.setQueryData(consoleQuery(admin.version).queryKey, data)
      setNext('')
      toastOk(t('admin.toast.modified'))
    },
  })
  const problem = save.error ? (fieldsOf(save.error).app_version ?? save.error.message) : undefined

  return (
    <>
      <h1>{t('admin.nav.version')}</h1>
      <form
        className="card"
        onSubmit={(event) => {
          event.preventDefault()
          save.mutate()
        }}
      >
        <p>
          {t('admin.version.current')}:{' '}
          <strong data-testid="current-version">{current.data?.app_version ?? '…'}</strong>
        </p>
        <label className="field">
          <span>{t('admin.version.next')}</span>
          <Input className="box" value={next} onChange={setNext} placeholder="1.2.0" />
          {problem && <span className="error">{problem}</span>}
        </label>
        <p className="muted">{t('admin.version.hint')}</p>
        <Button type="submit" color="primary" loading={save.isPending}>
          {t('admin.save')}
        </Button>
      </form>
    </>
  )
}
