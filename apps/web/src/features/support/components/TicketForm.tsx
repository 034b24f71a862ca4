import { isApiError } from '@/api'
import { useErrorText } from '@/i18n'
import { LoadFailed, Loading } from '@/shared/ui/Status'
import { showSuccess } from '@/shared/ui/toast'
import { support, type account } from '@kinetic/protocol'
import { Button, Input, TextArea } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useAddTicketMutation, useCategoriesQuery } from '../support.queries'
import { ImagePicker } from './ImagePicker'
import styles from './Tickets.module.css'

type Problems = Partial<Record<'cat_id' | 'title' | 'content', string>>

/** Opens a work ticket: category, title, description. */
export function TicketForm({ onDone }: { onDone: (id: number) => void }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const categories = useCategoriesQuery()
  const add = useAddTicketMutation()
  const [catId, setCatId] = useState<number>()
  const [title, setTitle] = useState('')
  const [content, setContent] = useState('')
  const [attachments, setAttachments] = useState<account.StoredFile[]>([])
  const [problems, setProblems] = useState<Problems>({})

  const submit = () => {
    const found: Problems = {}
    if (catId === undefined) found.cat_id = errorText('TICKET_CATEGORY_NOT_FOUND')
    if (title.trim() === '') found.title = errorText('FIELD_REQUIRED', { field: 'title' })
    if (content.trim() === '') found.content = errorText('FIELD_REQUIRED', { field: 'content' })
    setProblems(found)
    if (Object.keys(found).length > 0 || catId === undefined) return
    add.mutate(
      { cat_id: catId, title, content, attachments: attachments.map((a) => a.id) },
      {
        onSuccess: ({ id }) => {
          showSuccess(t('support.tickets.submitted'))
          onDone(id)
        },
        onError: (error) => {
          if (isApiError(error) && error.fields) setProblems(error.fields as Problems)
        },
      },
    )
  }

  if (categories.error)
    return <LoadFailed message={categories.error.message} onRetry={() => void categories.refetch()} />
  if (!categories.data) return <Loading />
  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      <div className={styles.field} role="group" aria-label={t('support.tickets.category')}>
        <span className={styles.label}>{t('support.tickets.category')}</span>
        <div className={styles.chips}>
          {categories.data.list.map((c) => (
            <button
              key={c.id}
              type="button"
              className={styles.chip}
              aria-pressed={catId === c.id}
              onClick={() => setCatId(c.id)}
            >
              {c.name}
            </button>
          ))}
        </div>
        {problems.cat_id && <span className={styles.error}>{problems.cat_id}</span>}
      </div>
      <label className={styles.field}>
        <span className={styles.label}>{t('support.tickets.titleLabel')}</span>
        <Input
          className={styles.box}
          value={title}
          onChange={setTitle}
          maxLength={support.TICKET_TITLE_MAX}
          placeholder={t('support.tickets.titlePlaceholder')}
        />
        {problems.title && <span className={styles.error}>{problems.title}</span>}
      </label>
      <label className={styles.field}>
        <span className={styles.label}>{t('support.tickets.content')}</span>
        <TextArea
          className={styles.box}
          value={content}
          onChange={setContent}
          rows={5}
          showCount
          maxLength={support.TICKET_CONTENT_MAX}
          placeholder={t('support.tickets.contentPlaceholder')}
        />
        {problems.content && <span className={styles.error}>{problems.content}</span>}
      </label>
      <div className={styles.field}>
        <span className={styles.label}>
          {t('support.tickets.attachments', { max: support.TICKET_ATTACHMENTS_MAX })}
        </span>
        <div className={styles.thumbs}>
          {attachments.map((a) => (
            <img key={a.id} className={styles.thumb} src={a.url} alt="" />
          ))}
          {attachments.length < support.TICKET_ATTACHMENTS_MAX && (
            <ImagePicker
              label={t('support.tickets.addImage')}
              multiple
              onUploaded={(file) =>
                setAttachments((current) => [...current, file].slice(0, support.TICKET_ATTACHMENTS_MAX))
              }
            />
          )}
        </div>
      </div>
      <Button type="submit" color="primary" block shape="rounded" loading={add.isPending}>
        {t('support.tickets.submit')}
      </Button>
    </form>
  )
}
