import { Page } from '@/shared/ui/Page'
import { EmptyState, LoadFailed, Loading } from '@/shared/ui/Status'
import { DotLoading, InfiniteScroll } from 'antd-mobile'
import { BellOutline, SoundOutline } from 'antd-mobile-icons'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import styles from '../components/Messages.module.css'
import { useMessagesQuery } from '../messages.queries'

/** /messageList: notices and system messages, newest first, unread ones marked. */
export function MessageListPage() {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const query = useMessagesQuery()
  const messages = query.data?.pages.flatMap((page) => page.list) ?? []
  const unread = query.data?.pages[0]?.unread ?? 0
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })

  return (
    <Page title={unread > 0 ? t('content.messages.titleUnread', { count: unread }) : t('content.messages.title')}>
      {query.error && !query.data ? (
        <LoadFailed message={query.error.message} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <Loading />
      ) : messages.length === 0 ? (
        <EmptyState text={t('common.empty')} />
      ) : (
        <>
          <ul className={styles.list}>
            {messages.map((m) => (
              <li key={m.id}>
                <button
                  type="button"
                  className={styles.item}
                  onClick={() => void navigate(`/messageDetail?id=${m.id}`)}
                >
                  <span className={styles.icon} aria-hidden="true">
                    {m.kind === 'notice' ? <SoundOutline /> : <BellOutline />}
                  </span>
                  <span className={styles.main}>
                    <span className={styles.head}>
                      <span className={styles.title}>{m.title}</span>
                      {!m.read && <span className={styles.unreadDot} aria-label={t('content.messages.unread')} />}
                    </span>
                    <span className={styles.summary} title={m.summary}>
                      {m.summary}
                    </span>
                    <span className={styles.time}>
                      {t(`content.messages.${m.kind}`)} · {time.format(new Date(m.created_at))}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <InfiniteScroll hasMore={query.hasNextPage} loadMore={async () => void (await query.fetchNextPage())}>
            {(hasMore) => <span className={styles.end}>{hasMore ? <DotLoading /> : t('content.messages.noMore')}</span>}
          </InfiniteScroll>
        </>
      )}
    </Page>
  )
}
