import { copyText } from '@/shared/ui/clipboard'
import { Logo } from '@/shared/ui/Logo'
import { Page } from '@/shared/ui/Page'
import { QrCode } from '@/shared/ui/QrCode'
import { LoadFailed, Loading } from '@/shared/ui/Status'
import { showSuccess } from '@/shared/ui/toast'
import { Button } from 'antd-mobile'
import { useTranslation } from 'react-i18next'
import { inviteLink, useInviteQuery } from '../earn.queries'
import styles from './Earn.module.css'

/** The share poster: a QR code of my invitation link, with the code beneath. */
export function SharePage() {
  const { t } = useTranslation()
  const { data, error, refetch } = useInviteQuery()
  return (
    <Page title={t('earn.share.title')}>
      {error ? (
        <LoadFailed message={error.message} onRetry={() => void refetch()} />
      ) : !data ? (
        <Loading />
      ) : (
        <>
          <figure className={styles.poster} aria-label={t('earn.share.poster')}>
            <Logo />
            <h2>{t('earn.share.headline')}</h2>
            <p>{t('earn.share.body')}</p>
            <QrCode value={inviteLink(data.invite_code)} size={180} label={t('earn.share.qr')} />
            <figcaption>
              {t('earn.invite.code')}: <strong>{data.invite_code}</strong>
            </figcaption>
          </figure>
          <Button
            className={styles.wide}
            block
            color="primary"
            shape="rounded"
            onClick={() => void copyText(inviteLink(data.invite_code)).then(() => showSuccess(t('earn.copied')))}
          >
            {t('earn.invite.copyLink')}
          </Button>
        </>
      )}
    </Page>
  )
}
