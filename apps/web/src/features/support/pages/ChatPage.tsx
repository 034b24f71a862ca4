import { useErrorText } from '@/i18n'
import { Page } from '@/shared/ui/Page'
import { LoadFailed, Loading } from '@/shared/ui/Status'
import { showToast } from '@/shared/ui/toast'
import { Button, Input } from 'antd-mobile'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import styles from '../components/Chat.module.css'
import { ImagePicker } from '../components/ImagePicker'
import { useChat } from '../lib/useChat'

/** /serverChat: the customer-service conversation, live over `/v1/ws`. */
export function ChatPage() {
  const { t, i18n } = useTranslation()
  const errorText = useErrorText()
  const chat = useChat()
  const [draft, setDraft] = useState('')
  const end = useRef<HTMLLIElement>(null)
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' })
  const count = chat.messages.length + chat.pending.length

  // braces: scrolling returns a promise in current browsers, which must not become the cleanup
  useEffect(() => {
    void end.current?.scrollIntoView({ block: 'end' })
  }, [count])

  const submit = () => {
    if (draft.trim() === '') return showToast(errorText('CHAT_BLANK'))
    if (chat.send(draft)) setDraft('')
  }

  return (
    <Page title={t('support.chat.title')} bodyClassName={styles.body}>
      {chat.status !== 'online' && chat.loaded && (
        <div className={styles.status} role="status">
          {t('support.chat.reconnecting')}
        </div>
      )}
      {chat.error && !chat.loaded ? (
        <LoadFailed message={chat.error.message} onRetry={() => void chat.reload()} />
      ) : !chat.loaded ? (
        <Loading />
      ) : (
        <ol className={styles.log} aria-label={t('support.chat.title')} aria-live="polite">
          {count === 0 && <li className={styles.hint}>{t('support.chat.hint')}</li>}
          {chat.messages.map((m) => (
            <li key={m.id} className={m.from === 'user' ? `${styles.row} ${styles.mine}` : styles.row}>
              <span className={styles.who}>
                {t(
                  m.from === 'user'
                    ? 'support.chat.me'
                    : m.from === 'system'
                      ? 'support.chat.auto'
                      : 'support.chat.operator',
                )}{' '}
                · {time.format(new Date(m.created_at))}
              </span>
              <span className={styles.bubble}>
                {m.image && <img className={styles.image} src={m.image} alt={t('support.chat.image')} />}
                {m.content}
              </span>
            </li>
          ))}
          {chat.pending.map((p) => (
            <li key={p.client_id} className={`${styles.row} ${styles.mine}`}>
              <span className={`${styles.bubble} ${styles.sending}`}>
                {p.image && <img className={styles.image} src={p.image.url} alt={t('support.chat.image')} />}
                {p.content}
              </span>
              {p.failed && (
                <button
                  type="button"
                  className={styles.failed}
                  onClick={() => void chat.retry(p).catch(() => undefined)}
                >
                  {t('support.chat.failed')}
                </button>
              )}
            </li>
          ))}
          <li ref={end} aria-hidden="true" />
        </ol>
      )}
      <form
        className={styles.composer}
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
      >
        <ImagePicker label={t('support.chat.sendImage')} onUploaded={(file) => chat.send('', file)} />
        <Input
          className={styles.input}
          value={draft}
          onChange={setDraft}
          placeholder={t('support.chat.placeholder')}
          maxLength={1000}
          aria-label={t('support.chat.placeholder')}
          enterKeyHint="send"
        />
        <Button type="submit" color="primary" shape="rounded" size="small">
          {t('support.chat.send')}
        </Button>
      </form>
    </Page>
  )
}
