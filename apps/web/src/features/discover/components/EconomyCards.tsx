import { currentLocale } from '@/i18n'
import { formatNumber, type earn, type Result } from '@kinetic/protocol'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import styles from '../pages/Find.module.css'
import { EstimateFigures } from './EstimateFigures'
import { Figure } from './Figure'
import { StageFigures } from './StageCard'

type Economy = Result<typeof earn.economy>

/** BNB only pays the payouts' gas: six places are plenty (KNT keeps every digit, to be checked). */
const gas = (bnb: string) =>
  formatNumber(bnb, 6)
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '')

/** A section with a heading that also names it. */
function Card({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className={styles.card} aria-label={title} data-testid={testId}>
      <h2 className={styles.cardTitle}>{title}</h2>
      {children}
    </section>
  )
}

/** One day's emission and its two pools (KNT). */
function PoolFigures({ day, prefix }: { day: Omit<Economy['today'], 'settled'>; prefix: string }) {
  const { t } = useTranslation()
  const knt = (label: string) => t('discover.inKnt', { label })
  return (
    <div className={styles.figures}>
      <Figure
        label={knt(t('discover.settlement.emission'))}
        value={formatNumber(day.emission)}
        testId={`${prefix}-emission`}
      />
      <Figure
        label={knt(t('discover.economy.pools.computing'))}
        value={formatNumber(day.computing_pool)}
        testId={`${prefix}-computing`}
      />
      <Figure
        label={knt(t('discover.economy.pools.token'))}
        value={formatNumber(day.token_pool)}
        testId={`${prefix}-token`}
      />
    </div>
  )
}

/**
 * The stage, today's pools with what a unit earns from them, and the last settled day's pools
 * with what it issued and left unissued; each settlement day named as the UTC day it is.
 */
export function PoolsCards({ economy }: { economy: Economy }) {
  const { t } = useTranslation()
  const { stage, today, last_settlement: last } = economy
  const knt = (label: string) => t('discover.inKnt', { label })
  const stakingRule = (
    <p className={styles.weak} data-testid="staking-rule">
      {t('discover.economy.pools.stakingRule', { min: formatNumber(stage.token_min) })}
    </p>
  )
  return (
    <>
      <Card title={t('discover.stage.number', { number: stage.number })} testId="economy-stage">
        <p className={styles.weak} data-testid="economy-stage-day">
          {t('discover.stage.day', { day: stage.day, days: stage.days, date: stage.settlement_day })}
        </p>
        <StageFigures stage={stage} emissionTestId="economy-emission" />
      </Card>
      <Card title={t('discover.economy.pools.today', { day: today.day })}>
        <p className={styles.weak}>
          {t(today.settled ? 'discover.economy.pools.settled' : 'discover.economy.pools.projected')}
        </p>
        <PoolFigures day={today} prefix="today" />
        <EstimateFigures estimate={economy.estimate} day={today.day} />
        {stakingRule}
      </Card>
      <Card title={last ? t('discover.economy.pools.last', { day: last.day }) : t('discover.settlement.title')}>
        {last ? (
          <>
            <PoolFigures day={last} prefix="last" />
            <div className={styles.figures}>
              <Figure
                label={knt(t('discover.economy.pools.issued'))}
                value={formatNumber(last.issued)}
                testId="last-issued"
              />
              <Figure
                label={knt(t('discover.economy.pools.unissued'))}
                value={formatNumber(last.unissued)}
                testId="last-unissued"
              />
            </div>
            <div className={styles.figures}>
              <Figure label={t('discover.settlement.totalPower')} value={formatNumber(last.total_power)} />
              <Figure
                label={knt(t('discover.economy.pools.staked'))}
                value={formatNumber(last.total_staked)}
                testId="last-staked"
              />
            </div>
            {stakingRule}
          </>
        ) : (
          <p className={styles.weak}>{t('discover.settlement.none')}</p>
        )}
      </Card>
    </>
  )
}

/** Total computing power and stake now, KNT issued and paid out. */
export function NetworkCard({ economy }: { economy: Economy }) {
  const { t } = useTranslation()
  const knt = (label: string) => t('discover.inKnt', { label })
  return (
    <Card title={t('discover.economy.network.title')}>
      <div className={styles.figures}>
        <Figure
          label={t('discover.economy.network.power')}
          value={formatNumber(economy.total_power)}
          testId="total-power"
        />
        <Figure
          label={knt(t('discover.economy.network.staked'))}
          value={formatNumber(economy.total_staked)}
          testId="total-staked"
        />
      </div>
      <div className={styles.figures}>
        <Figure
          label={knt(t('discover.economy.network.issued'))}
          value={formatNumber(economy.issued)}
          testId="issued"
        />
        <Figure
          label={knt(t('discover.economy.network.paidOut'))}
          value={formatNumber(economy.paid_out.amount)}
          testId="paid-out"
        />
      </div>
      <p className={styles.weak}>{t('discover.economy.network.payouts', { count: economy.paid_out.count })}</p>
    </Card>
  )
}

/** The treasury's KNT and BNB as the chain showed them, or why they are not shown. */
export function TreasuryCard({ chain }: { chain: Economy['chain'] }) {
  const { t } = useTranslation()
  const title = t('discover.economy.treasury.title')
  if (!chain.available)
    return (
      <Card title={title}>
        <p className={styles.notice} role="alert">
          {chain.treasury === null ? t('discover.economy.treasury.none') : t('discover.economy.treasury.unavailable')}
        </p>
      </Card>
    )
  return (
    <Card title={title}>
      <div className={styles.figures}>
        <Figure label="KNT" value={formatNumber(chain.knt)} testId="treasury-knt" />
        <Figure label="BNB" value={gas(chain.bnb)} testId="treasury-bnb" />
      </div>
      <p className={styles.weak}>
        {t('discover.economy.treasury.readAt', { time: new Date(chain.read_at).toLocaleString(currentLocale()) })}
      </p>
      <p className={`${styles.weak} ${styles.address}`}>
        {t('discover.economy.treasury.address', { address: chain.treasury })}
      </p>
    </Card>
  )
}
