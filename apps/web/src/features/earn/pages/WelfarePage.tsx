import { Menu, MenuItem } from '@/shared/ui/Menu'
import { Page } from '@/shared/ui/Page'
import { formatNumber } from '@kinetic/protocol'
import { Button } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { CollectSheet } from '../components/CollectSheet'
import { useBalancesQuery, useInviteQuery, useRulesQuery } from '../earn.queries'
import styles from './Earn.module.css'

/** Welfare: my points and KNT, rewards received, collecting, and the ways to earn and spend. */
export function WelfarePage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [collecting, setCollecting] = useState(false)
  const { data: invite } = useInviteQuery()
  const { data: balances } = useBalancesQuery()
  const { data: rules } = useRulesQuery()
  const reward = rules?.rules.referral_reward_points
  return (
    <Page title={t('earn.welfare.title')}>
      <section className={styles.stats}>
        <div>
          <strong data-testid="welfare-points">{balances ? formatNumber(balances.points) : '–'}</strong>
          <span>{t('earn.welfare.points')}</span>
        </div>
        <div>
          <strong data-testid="welfare-knt">{balances ? formatNumber(balances.knt) : '–'}</strong>
          <span>{t('earn.welfare.knt')}</span>
        </div>
        <div>
          <strong>{invite ? formatNumber(invite.received_points) : '–'}</strong>
          <span>{t('earn.welfare.received')}</span>
        </div>
      </section>
      <Button className={styles.wide} block color="primary" shape="rounded" onClick={() => setCollecting(true)}>
        {t('earn.collect.title')}
      </Button>
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
      {collecting && balances && (
        <CollectSheet balance={balances.knt} min={balances.collect_min} onClose={() => setCollecting(false)} />
      )}
    </Page>
  )
}
