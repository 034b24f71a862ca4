import { admin, type Result } from '@kinetic/protocol'
import { useMutation } from '@tanstack/react-query'
import { Button, Input } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { consoleCall } from '../api'
import { formatTime } from '../ui'

/** Look a user up by id, e-mail or phone: profile basics only (the server holds no wallet secret). */
/** The looked-up user's facts, each under its label key (`admin.users.<key>`). */
function userRows(user: Result<typeof admin.userLookup>, locale: string) {
  return [
    ['id', String(user.id)],
    ['email', user.email],
    ['phone', user.phone],
    ['nickname', user.nickname],
    ['gender', user.gender],
    ['birthday', user.birthday],
    ['inviteCode', user.invite_code],
    ['createdAt', formatTime(user.created_at, locale)],
    ['tickets', String(user.tickets)],
    ['chatMessages', String(user.chat_messages)],
  ] as const
}

export function UsersPage() {
  const { t, i18n } = useTranslation()
  const [query, setQuery] = useState('')
  const lookup = useMutation({ mutationFn: () => consoleCall(admin.userLookup, { query }) })
  const user = lookup.data

  return (
    <>
      <h1>{t('admin.nav.users')}</h1>
      <form
        className="card actions"
        onSubmit={(event) => {
          event.preventDefault()
          lookup.mutate()
        }}
      >
        <Input
          className="box"
          style={{ flex: 1 }}
          value={query}
          onChange={setQuery}
          placeholder={t('admin.users.placeholder')}
          aria-label={t('admin.users.placeholder')}
        />
        <Button type="submit" color="primary" loading={lookup.isPending}>
          {t('admin.users.search')}
        </Button>
      </form>
      {lookup.error && <p className="error">{lookup.error.message}</p>}
      {user && (
        <dl className="card">
          {userRows(user, i18n.language).map(([key, value]) => (
            <div key={key} className="field">
              <dt className="muted">{t(`admin.users.${key}`)}</dt>
              <dd style={{ margin: 0 }}>{value || '—'}</dd>
            </div>
          ))}
        </dl>
      )}
    </>
  )
}
