import { ApiError } from '@/api'
import { useErrorText } from '@/i18n'
import { Page } from '@/shared/ui/Page'
import { EmptyState, LoadFailed, Loading } from '@/shared/ui/Status'
import { Button } from 'antd-mobile'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import styles from '../components/Messages.module.css'
import { useMessageQuery } from '../messages.queries'

/**
 * /messageDetail?id=: one message in the interface language; opening it marks it read. Without
 * a valid id, or for a message that is not there, it says so and leads back to the list.
 */
export function MessageDetailPage() {
  const { t, i18n } = useTranslation()
  const errorText = useErrorText()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const raw = params.get('id') ?? ''
  const id = /^[1-9]\d{0,15}$/.test(raw) && Number.isSafeInteger(Number(raw)) ? Number(raw) : 0
  const { data, error, refetch } = useMessageQuery(id)
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
  const missing = id === 0 || (error instanceof ApiError && error.code === 'MESSAGE_NOT_FOUND')

  return (
    <Page title={t('content.messages.detailTitle')}>
      {missing ? (
        <EmptyState text={errorText('MESSAGE_NOT_FOUND')}>
          <Button shape="rounded" onClick={() => void navigate('/messageList', { replace: true })}>
            {t('content.messages.backToList')}
          </Button>
        </EmptyState>
      ) : error ? (
        <LoadFailed message={error.message} onRetry={() => void refetch()} />
      ) : !data ? (
        <Loading />
      ) : (
        <article className={styles.detail}>
          <h1 className={styles.detailTitle}>{data.title}</h1>
          <div className={styles.time}>
            {t(`content.messages.${data.kind}`)} · {time.format(new Date(data.created_at))}
          </div>
          <div className={styles.detailBody}>{data.content}</div>
        </article>
      )}
    </Page>
  )
}
