import { useErrorText } from '@/i18n'
import { LoadFailed, Loading } from '@/shared/ui/Status'
import { showSuccess, showToast } from '@/shared/ui/toast'
import { support } from '@kinetic/protocol'
import { Button, Dialog, TextArea } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useCloseTicketMutation, useReplyMutation, useTicketQuery } from '../support.queries'
import { StatusTag } from './StatusTag'
import styles from './Tickets.module.css'

/** A ticket's conversation: its opening text, the replies, and my reply box until it is completed. */
export function TicketDetail({ id }: { id: number }) {
  const { t, i18n } = useTranslation()
  const errorText = useErrorText()
  const { data, error, refetch } = useTicketQuery(id)
  const reply = useReplyMutation(id)
  const close = useCloseTicketMutation(id)
  const [draft, setDraft] = useState('')
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })

  if (error) return <LoadFailed message={error.message} onRetry={() => void refetch()} />
  if (!data) return <Loading />
  const { ticket, replies } = data

  const send = () => {
    if (draft.trim() === '') return showToast(errorText('FIELD_REQUIRED', { field: 'content' }))
    reply.mutate(draft, {
      onSuccess: () => {
        setDraft('')
        showSuccess(t('support.tickets.replied'))
      },
    })
  }
  const complete = async () => {
    const confirmed = await Dialog.confirm({
      content: t('support.tickets.closeConfirm'),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    })
    if (confirmed) close.mutate(undefined, { onSuccess: () => showSuccess(t('common.toast.modified')) })
  }

  return (
    <>
      <section className={styles.post}>
        <div className={styles.head}>
          <span className={styles.title}>{ticket.title}</span>
          <StatusTag status={ticket.status} />
        </div>
        <div className={styles.meta}>
          {ticket.category} · {time.format(new Date(ticket.created_at))}
        </div>
        <p className={styles.postBody}>{ticket.content}</p>
        {ticket.attachments.length > 0 && (
          <div className={styles.thumbs}>
            {ticket.attachments.map((url) => (
              <a key={url} href={url} target="_blank" rel="noreferrer">
                <img className={styles.thumb} src={url} alt={t('support.tickets.attachment')} />
              </a>
            ))}
          </div>
        )}
      </section>
      <h2 className={styles.label}>{t('support.tickets.conversation')}</h2>
      <ol className={styles.thread}>
        {replies.length === 0 && <li className={styles.meta}>{t('support.tickets.noReplies')}</li>}
        {replies.map((r) => (
          <li key={r.id} className={r.from === 'user' ? styles.post : `${styles.post} ${styles.operator}`}>
            <div className={styles.postHead}>
              {t(
                r.from === 'user'
                  ? 'support.chat.me'
                  : r.from === 'system'
                    ? 'support.chat.auto'
                    : 'support.chat.operator',
              )}{' '}
              · {time.format(new Date(r.created_at))}
            </div>
            <div className={styles.postBody}>{r.content}</div>
          </li>
        ))}
      </ol>
      {ticket.status !== 'completed' && (
        <div className={styles.form}>
          <TextArea
            className={styles.box}
            value={draft}
            onChange={setDraft}
            rows={3}
            maxLength={support.TICKET_CONTENT_MAX}
            placeholder={t('support.tickets.replyPlaceholder')}
            aria-label={t('support.tickets.replyPlaceholder')}
          />
          <div className={styles.actions}>
            <Button color="primary" shape="rounded" loading={reply.isPending} onClick={send}>
              {t('support.tickets.send')}
            </Button>
            <Button shape="rounded" loading={close.isPending} onClick={() => void complete()}>
              {t('support.tickets.close')}
            </Button>
          </div>
        </div>
      )}
    </>
  )
}
