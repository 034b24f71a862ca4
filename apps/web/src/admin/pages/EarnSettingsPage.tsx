import { admin } from '@kinetic/protocol'
import { useMutation } from '@tanstack/react-query'
import { Button, Input } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useConsoleRefresh, useEarnSettingsQuery } from '../admin.queries'
import { consoleCall } from '../api'
import { fieldsOf, toastOk } from '../ui'

/** One parameter: its own input, save button and error. */
function SettingRow({ name, value }: { name: string; value: string }) {
  const { t } = useTranslation()
  const refresh = useConsoleRefresh()
  const [text, setText] = useState(value)
  const save = useMutation({
    mutationFn: () => consoleCall(admin.earnSettingSet, { key: name, value: text }),
    onSuccess: (data) => {
      setText(data.value)
      toastOk(t('admin.toast.modified'))
      refresh(admin.earnSettings)
    },
  })
  const problem = save.error ? (Object.values(fieldsOf(save.error))[0] ?? save.error.message) : undefined
  const label = t(`admin.settings.keys.${name}`, { defaultValue: name })
  return (
    <form
      className="field"
      data-testid={`setting-${name}`}
      onSubmit={(event) => {
        event.preventDefault()
        save.mutate()
      }}
    >
      <span>
        {label} <span className="muted">({name})</span>
      </span>
      <div className="actions">
        <Input className="box" style={{ width: 320 }} value={text} onChange={setText} aria-label={label} />
        <Button type="submit" size="small" color="primary" loading={save.isPending} disabled={text === value}>
          {t('admin.save')}
        </Button>
      </div>
      {problem && <span className="error">{problem}</span>}
    </form>
  )
}

/** The earning and shop parameters (`earn_settings`), each validated as the server reads it. */
export function EarnSettingsPage() {
  const { t } = useTranslation()
  const settings = useEarnSettingsQuery()
  return (
    <>
      <h1>{t('admin.nav.settings')}</h1>
      <section className="card">
        <p className="muted">{t('admin.settings.hint')}</p>
        {settings.data?.list.map((s) => (
          <SettingRow key={`${s.key}:${s.value}`} name={s.key} value={s.value} />
        ))}
      </section>
    </>
  )
}
