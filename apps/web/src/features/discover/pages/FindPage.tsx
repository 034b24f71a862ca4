import { currentLocale } from '@/i18n'
import { Page } from '@/shared/ui/Page'
import { LoadFailed, Loading } from '@/shared/ui/Status'
import { formatNumber, type earn, type Result } from '@kinetic/protocol'
import { Button } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Figure } from '../components/Figure'
import { NodeCard } from '../components/NodeCard'
import { PledgeSheet } from '../components/PledgeSheet'
import { StageCard } from '../components/StageCard'
import { UnclaimedCard } from '../components/UnclaimedCard'
import { useFindQuery } from '../discover.queries'
import styles from './Find.module.css'

type Find = Result<typeof earn.find>

/** Stake, unstake, release and receive movements, newest first. */
function Records({ records }: { records: Find['records'] }) {
  const { t } = useTranslation()
  const title = t('discover.records.title')
  return (
    <section className={styles.card} aria-label={title}>
      <h2 className={styles.cardTitle}>{title}</h2>
      {records.length === 0 ? (
        <p className={styles.weak}>{t('common.empty')}</p>
      ) : (
        <ul className={styles.list}>
          {records.map((r) => (
            <li key={r.id}>
              <div>
                <div>{t(`discover.records.kind.${r.kind}`)}</div>
                <span className={styles.weak}>{new Date(r.time).toLocaleString(currentLocale())}</span>
              </div>
              <span className={r.kind.startsWith('receive') ? styles.plus : undefined}>
                {t('discover.kntAmount', { amount: formatNumber(r.amount) })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function FindBody({ find }: { find: Find }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [sheet, setSheet] = useState<'stake' | 'unstake' | null>(null)
  return (
    <>
      <NodeCard find={find} onPledge={setSheet} />

      <section className={styles.card} aria-label={t('discover.power.title')}>
        <h2 className={styles.cardTitle}>{t('discover.power.title')}</h2>
        <div className={styles.figures}>
          <Figure label={t('discover.power.mine')} value={formatNumber(find.power)} testId="power-mine" />
          <Figure
            label={t('discover.power.effective')}
            value={formatNumber(find.effective_power)}
            testId="power-effective"
          />
          <Figure label={t('discover.power.total')} value={formatNumber(find.total_power)} />
        </div>
      </section>

      {/* profits, the balance they and deposits land in, and the deposit button: named for all three */}
      <section className={styles.card} aria-label={t('discover.kntCard')}>
        <h2 className={styles.cardTitle}>{t('discover.kntCard')}</h2>
        <div className={styles.figures}>
          <Figure label={t('discover.profits.last')} value={formatNumber(find.profits.last)} testId="profits-last" />
          <Figure label={t('discover.profits.total')} value={formatNumber(find.profits.total)} testId="profits-total" />
          <Figure
            label={t('discover.inKnt', { label: t('discover.balance.title') })}
            value={formatNumber(find.balance)}
            testId="balance"
          />
        </div>
        <Button block fill="outline" color="primary" onClick={() => void navigate('/walletDeposit')}>
          {t('discover.deposit')}
        </Button>
      </section>

      <UnclaimedCard unclaimed={find.unclaimed} />
      <StageCard stage={find.stage} estimate={find.estimate} last={find.last_settlement} />
      <Records records={find.records} />

      {sheet && <PledgeSheet key={sheet} action={sheet} find={find} onClose={() => setSheet(null)} />}
    </>
  )
}

/** Discover (tab): my node and pledge, computing power, profits, unclaimed rewards, balance and the stage. */
export function FindPage() {
  const { t } = useTranslation()
  const { data, error, refetch } = useFindQuery()
  return (
    <Page title={t('discover.title')} back={false}>
      {error ? (
        <LoadFailed message={error.message} onRetry={() => void refetch()} />
      ) : !data ? (
        <Loading />
      ) : (
        <FindBody find={data} />
      )}
    </Page>
  )
}
