import { Menu, MenuItem } from '@/shared/ui/Menu'
import { Page } from '@/shared/ui/Page'
import { formatNumber } from '@kinetic/protocol'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useInviteQuery, useRulesQuery } from '../earn.queries'
import styles from './Earn.module.css'

/** Welfare: my points, rewards received, and the ways to earn and spend them. */
export function WelfarePage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { data } = useInviteQuery()
  const { data: rules } = useRulesQuery()
  const reward = rules?.rules.referral_reward_points
  return (
    <Page title={t('earn.welfare.title')}>
      <section className={styles.stats}>
        <div>
          <strong data-testid="welfare-points">{data ? formatNumber(data.points) : '–'}</strong>
          <span>{t('earn.welfare.points')}</span>
        </div>
        <div>
          <strong>{data ? formatNumber(data.received_points) : '–'}</strong>
          <span>{t('earn.welfare.received')}</span>
        </div>
      </section>
      <Menu>
        <MenuItem
          onClick={() => void navigate('/invite')}
          description={typeof reward === 'number' ? t('earn.invite.reward', { points: formatNumber(reward) }) : null}
        >
          {t('earn.invite.title')}
        </MenuItem>
        <MenuItem onClick={() => void navigate('/share')}>{t('earn.share.title')}</MenuItem>
        <MenuItem onClick={() => void navigate('/shop')}>{t('shop.title')}</MenuItem>
        <MenuItem onClick={() => void navigate('/tradingHistory')}>{t('earn.history.title')}</MenuItem>
        <MenuItem onClick={() => void navigate('/rules')}>{t('earn.rules.title')}</MenuItem>
      </Menu>
    </Page>
  )
}
