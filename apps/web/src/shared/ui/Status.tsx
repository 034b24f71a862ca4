import { QueryClientContext, type QueryClient } from '@tanstack/react-query'
import { Button, DotLoading } from 'antd-mobile'
import { FileOutline } from 'antd-mobile-icons'
import { useCallback, useContext, useSyncExternalStore, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import styles from './Status.module.css'

/** A read waits for the network (offline) and has no answer kept on this device to show. */
const waitsWithoutCopy = (client: QueryClient | undefined) =>
  client
    ?.getQueryCache()
    .findAll({ fetchStatus: 'paused' })
    .some((query) => query.state.data === undefined) ?? false

/**
 * A page loading — or, offline, a page whose read has nothing kept on this device (never opened
 * here): that is said instead of a spinner that would turn until the network returns.
 */
export function Loading() {
  const { t } = useTranslation()
  const client = useContext(QueryClientContext)
  const subscribe = useCallback(
    (onChange: () => void) => client?.getQueryCache().subscribe(onChange) ?? (() => {}),
    [client],
  )
  const notKept = useSyncExternalStore(subscribe, () => waitsWithoutCopy(client))
  if (notKept) return <EmptyState text={t('common.notOffline')} />
  return (
    <div className={styles.center} role="status" aria-busy="true">
      <DotLoading color="primary" />
    </div>
  )
}

/** A failed load: the message and a retry button. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation()
  return (
    <div className={styles.center} role="alert">
      <span>{message}</span>
      <Button size="small" shape="rounded" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  )
}

/** An empty state that fills the page (nothing to show, or a page not open yet), with what to do next. */
export function EmptyState({
  text,
  icon = <FileOutline />,
  children,
}: {
  text: string
  icon?: ReactNode
  children?: ReactNode
}) {
  return (
    <div className={`${styles.center} ${styles.fill}`}>
      <span className={styles.emptyIcon} aria-hidden="true">
        {icon}
      </span>
      <span>{text}</span>
      {children}
    </div>
  )
}
