import { admin, WIRE_LANGS, wireLang, type Texts, type WireLang } from '@kinetic/protocol'
import { useMutation } from '@tanstack/react-query'
import { Button, Input, TextArea } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useConsoleRefresh, useNoticesQuery } from '../admin.queries'
import { consoleCall } from '../api'
import { fieldsOf, formatTime, toastError, toastOk } from '../ui'

const blank = (): Texts => ({ 'zh-cn': '', 'us-en': '', 'zh-hk': '' })

/** Publish a notice to every user in the three languages; the published ones below. */
export function NoticesPage() {
  const { t, i18n } = useTranslation()
  const refresh = useConsoleRefresh()
  const [title, setTitle] = useState(blank)
  const [content, setContent] = useState(blank)
  const notices = useNoticesQuery()
  const publish = useMutation({
    mutationFn: () => consoleCall(admin.noticeAdd, { title, content }),
    onSuccess: () => {
      toastOk(t('admin.toast.submitted'))
      setTitle(blank())
      setContent(blank())
      refresh(admin.notices)
    },
    onError: toastError,
  })
  const problems = fieldsOf(publish.error)
  const set = (which: typeof setTitle, lang: WireLang) => (value: string) =>
    which((current) => ({ ...current, [lang]: value }))

  return (
    <>
      <h1>{t('admin.nav.notices')}</h1>
      <form
        className="card"
        onSubmit={(event) => {
          event.preventDefault()
          publish.mutate()
        }}
      >
        {WIRE_LANGS.map((lang) => (
          <fieldset key={lang} className="field" style={{ border: 0, padding: 0 }}>
            <span>{t(`admin.lang.${lang}`)}</span>
            <Input
              className="box"
              value={title[lang]}
              onChange={set(setTitle, lang)}
              maxLength={admin.NOTICE_TITLE_MAX}
              placeholder={t('admin.notices.title')}
              aria-label={`${t('admin.notices.title')} (${t(`admin.lang.${lang}`)})`}
            />
            {problems[`title.${lang}`] && <span className="error">{problems[`title.${lang}`]}</span>}
            <TextArea
              className="box"
              value={content[lang]}
              onChange={set(setContent, lang)}
              rows={3}
              maxLength={admin.NOTICE_CONTENT_MAX}
              placeholder={t('admin.notices.content')}
              aria-label={`${t('admin.notices.content')} (${t(`admin.lang.${lang}`)})`}
            />
            {problems[`content.${lang}`] && <span className="error">{problems[`content.${lang}`]}</span>}
          </fieldset>
        ))}
        <Button type="submit" color="primary" loading={publish.isPending}>
          {t('admin.notices.publish')}
        </Button>
      </form>
      <ul className="rows">
        {notices.data?.list.map((n) => (
          <li key={n.id} className="row">
            <div>{n.title[wireLang(i18n.language)]}</div>
            <div className="muted">{formatTime(n.created_at, i18n.language)}</div>
          </li>
        ))}
      </ul>
    </>
  )
}
