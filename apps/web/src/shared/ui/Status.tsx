import { Button, DotLoading } from 'antd-mobile'
import { FileOutline } from 'antd-mobile-icons'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import styles from './Status.module.css'

export function Loading() {
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
