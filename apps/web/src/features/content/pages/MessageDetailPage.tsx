import { Page } from '@/shared/ui/Page'
import { LoadFailed, Loading } from '@/shared/ui/Status'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import styles from '../components/Messages.module.css'
import { useMessageQuery } from '../messages.queries'

/** /messageDetail?id=: one message in the interface language; opening it marks it read. */
export function MessageDetailPage() {
  const { t, i18n } = useTranslation()
  const [params] = useSearchParams()
  const id = Number(params.get('id') ?? 0)
  const { data, error, refetch } = useMessageQuery(Number.isSafeInteger(id) ? id : 0)
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })

  return (
    <Page title={t('content.messages.detailTitle')}>
      {error ? (
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
