import { admin, content, WIRE_LANGS, type WireLang } from '@kinetic/protocol'
import { useMutation } from '@tanstack/react-query'
import { Button, Input, TextArea } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useArticlesQuery } from '../admin.queries'
import { consoleCall } from '../api'
import { toastError, toastOk } from '../ui'

/** The privacy policy, user protocol and introduction, edited one language at a time. */
export function ArticlesPage() {
  const { t } = useTranslation()
  const [type, setType] = useState<content.ArticleType>('privacy')
  const [lang, setLang] = useState<WireLang>('zh-cn')
  const articles = useArticlesQuery({ type })
  const article = articles.data?.list.find((a) => a.lang === lang)

  return (
    <>
      <h1>{t('admin.nav.articles')}</h1>
      <div className="actions" style={{ marginBottom: 12 }}>
        {content.ARTICLE_TYPES.map((a) => (
          <Button key={a} size="small" color={a === type ? 'primary' : 'default'} onClick={() => setType(a)}>
            {t(`admin.articles.${a}`)}
          </Button>
        ))}
        <span style={{ width: 16 }} />
        {WIRE_LANGS.map((l) => (
          <Button key={l} size="small" color={l === lang ? 'primary' : 'default'} onClick={() => setLang(l)}>
            {t(`admin.lang.${l}`)}
          </Button>
        ))}
      </div>
      {/* a form per article and stored version: it starts from the texts it was opened with */}
      <ArticleForm
        key={`${type}/${lang}/${article?.updated_at ?? ''}`}
        type={type}
        lang={lang}
        stored={article}
        onSaved={() => void articles.refetch()}
      />
    </>
  )
}

function ArticleForm(props: {
  type: content.ArticleType
  lang: WireLang
  stored: { title: string; content: string } | undefined
  onSaved: () => void
}) {
  const { type, lang, stored, onSaved } = props
  const { t } = useTranslation()
  const [title, setTitle] = useState(stored?.title ?? '')
  const [text, setText] = useState(stored?.content ?? '')
  const save = useMutation({
    mutationFn: () => consoleCall(admin.articleSave, { type, lang_code: lang, title, content: text }),
    onSuccess: () => {
      toastOk(t('admin.toast.modified'))
      onSaved()
    },
    onError: toastError,
  })
  return (
    <form
      className="card"
      onSubmit={(event) => {
        event.preventDefault()
        save.mutate()
      }}
    >
      <label className="field">
        <span>{t('admin.articles.title')}</span>
        <Input className="box" value={title} onChange={setTitle} maxLength={100} />
      </label>
      <label className="field">
        <span>{t('admin.articles.content')}</span>
        <TextArea className="box" value={text} onChange={setText} rows={16} maxLength={admin.ARTICLE_CONTENT_MAX} />
      </label>
      <Button type="submit" color="primary" loading={save.isPending}>
        {t('admin.save')}
      </Button>
    </form>
  )
}
