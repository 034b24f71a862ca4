import { useErrorText } from '@/i18n'
import { Logo } from '@/shared/ui/Logo'
import { Button } from 'antd-mobile'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useRouteError } from 'react-router'
import styles from './RouteError.module.css'

/** A page failed to load or render (e.g. a stale chunk after a deploy): offer a reload. */
export function RouteError() {
  const error = useRouteError()
  const { t } = useTranslation()
  const errorText = useErrorText()
  useEffect(() => console.error(error), [error])
  return (
    <div className={styles.error} role="alert">
      <Logo size={56} />
      <p>{errorText('INTERNAL')}</p>
      <Button color="primary" shape="rounded" onClick={() => window.location.reload()}>
        {t('app.error.reload')}
      </Button>
    </div>
  )
}
