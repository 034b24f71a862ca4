import { currentLocale } from '@/i18n'
import { formatNumber, type earn, type Result } from '@kinetic/protocol'
import { Button } from 'antd-mobile'
import { useTranslation } from 'react-i18next'
import { kntUnits } from '../knt'
import styles from '../pages/Find.module.css'
import { Figure } from './Figure'

type Find = Result<typeof earn.find>

/** My node: active or not, what is staked, the activation minimum, the boost and the cool-down. */
export function NodeCard({ find, onPledge }: { find: Find; onPledge: (action: 'stake' | 'unstake') => void }) {
  const { t } = useTranslation()
  const { node } = find
  const title = t('discover.node.title')
  return (
    <section className={`${styles.card} ${styles.hero}`} aria-label={title}>
      <div className={styles.head}>
        <h2 className={styles.cardTitle}>{title}</h2>
        <span className={styles.badge} data-active={node.active} data-testid="node-status">
          {t(node.active ? 'discover.node.active' : 'discover.node.inactive')}
        </span>
      </div>
      <div className={styles.figures}>
        <Figure
          label={t('discover.inKnt', { label: t('discover.node.staked') })}
          value={formatNumber(node.staked)}
          testId="node-staked"
        />
        <Figure
          label={t('discover.node.activate')}
          value={t('discover.node.activateMin', { min: formatNumber(node.activate_min) })}
        />
        <Figure
          label={t('discover.node.boost')}
          value={t('discover.node.boostValue', { pct: formatNumber(node.boost_pct) })}
          testId="node-boost"
        />
      </div>
      {!node.active && (
        <p className={styles.weak}>
          {t('discover.node.hint', { min: formatNumber(node.activate_min), pct: formatNumber(node.boost_pct) })}
        </p>
      )}
      {node.cooling.length > 0 && (
        <>
          <p className={styles.weak}>{t('discover.node.cooling')}</p>
          <ul className={styles.list} aria-label={t('discover.node.cooling')}>
            {node.cooling.map((c) => (
              <li key={c.id}>
                {t('discover.node.coolingItem', {
                  amount: formatNumber(c.amount),
                  time: new Date(c.release_at).toLocaleString(currentLocale()),
                })}
              </li>
            ))}
          </ul>
        </>
      )}
      <div className={styles.buttons}>
        <Button color="primary" shape="rounded" onClick={() => onPledge('stake')}>
          {t('discover.stake')}
        </Button>
        <Button shape="rounded" disabled={kntUnits(node.staked) === 0n} onClick={() => onPledge('unstake')}>
          {t('discover.unstake')}
        </Button>
      </div>
    </section>
  )
}
