import { LeftOutline } from 'antd-mobile-icons'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import styles from './Page.module.css'
import { useBack } from './useBack'

type PageProps = {
  title?: ReactNode
  /** Show the back button (default); tab pages have none. */
  back?: boolean
  right?: ReactNode
  children: ReactNode
  bodyClassName?: string
}

/** A screen: a sticky navigation bar with an accessible back button, then the content. */
export function Page({ title, back = true, right, children, bodyClassName }: PageProps) {
  const { t } = useTranslation()
  const goBack = useBack()
  return (
    <div className={styles.page}>
      <header className={styles.nav}>
        <div className={styles.side}>
          {back && (
            <button type="button" className={styles.back} aria-label={t('common.back')} onClick={goBack}>
              <LeftOutline />
            </button>
          )}
        </div>
        <div className={styles.title}>{title}</div>
        <div className={`${styles.side} ${styles.right}`}>{right}</div>
      </header>
      <main className={[styles.body, bodyClassName].filter(Boolean).join(' ')}>{children}</main>
    </div>
  )
}
