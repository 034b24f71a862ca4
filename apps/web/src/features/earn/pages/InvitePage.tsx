import { currentLocale } from '@/i18n'
import { copyText } from '@/shared/ui/clipboard'
import { Page } from '@/shared/ui/Page'
import { EmptyState, LoadFailed, Loading } from '@/shared/ui/Status'
import { showSuccess } from '@/shared/ui/toast'
import { formatNumber } from '@kinetic/protocol'
import { Button } from 'antd-mobile'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { inviteLink, useInviteQuery } from '../earn.queries'
import styles from './Earn.module.css'

/** My invitation code and link, and the friends who registered with it. */
export function InvitePage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { data, error, refetch } = useInviteQuery()
  const copy = async (text: string) => {
    await copyText(text)
    showSuccess(t('earn.copied'))
  }
  return (
    <Page title={t('earn.invite.title')}>
      {error ? (
        <LoadFailed message={error.message} onRetry={() => void refetch()} />
      ) : !data ? (
        <Loading />
      ) : (
        <>
          <section className={styles.card}>
            <p className={styles.hint}>{t('earn.invite.reward', { points: formatNumber(data.reward_points) })}</p>
            <div className={styles.label}>{t('earn.invite.code')}</div>
            <div className={styles.code} data-testid="invite-code">
              {data.invite_code}
            </div>
            <div className={styles.link}>{inviteLink(data.invite_code)}</div>
            <div className={styles.row}>
              <Button shape="rounded" onClick={() => void copy(data.invite_code)}>
                {t('earn.invite.copyCode')}
              </Button>
              <Button shape="rounded" onClick={() => void copy(inviteLink(data.invite_code))}>
                {t('earn.invite.copyLink')}
              </Button>
              <Button color="primary" shape="rounded" onClick={() => void navigate('/share')}>
                {t('earn.invite.poster')}
              </Button>
            </div>
          </section>
          <section className={styles.stats}>
            <div>
              <strong>{formatNumber(data.total)}</strong>
              <span>{t('earn.invite.invited')}</span>
            </div>
            <div>
              <strong data-testid="referral-points">{formatNumber(data.received_points)}</strong>
              <span>{t('earn.invite.received')}</span>
            </div>
          </section>
          <h2 className={styles.heading}>{t('earn.invite.friends')}</h2>
          {data.list.length === 0 ? (
            <EmptyState text={t('common.empty')} />
          ) : (
            <ul className={styles.list} aria-label={t('earn.invite.friends')}>
              {data.list.map((friend) => (
                <li key={`${friend.account}-${friend.registered_at}`} className={styles.item}>
                  <div>
                    <div>{friend.account}</div>
                    <div className={styles.time}>{new Date(friend.registered_at).toLocaleString(currentLocale())}</div>
                  </div>
                  <span className={styles.plus}>+{formatNumber(friend.points)}</span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Page>
  )
}
