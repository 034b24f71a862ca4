import { currentLocale } from '@/i18n'
import { Page } from '@/shared/ui/Page'
import { LoadFailed, Loading } from '@/shared/ui/Status'
import { formatNumber } from '@kinetic/protocol'
import { useTranslation } from 'react-i18next'
import { NetworkCard, PoolsCards, TreasuryCard } from '../components/EconomyCards'
import { PagedList } from '../components/PagedList'
import { useEconomyQuery } from '../discover.queries'
import styles from './Find.module.css'
import lists from './Lists.module.css'

/** `0x1234…abcd`: enough of a hash to tell transactions apart. */
const shortHash = (hash: string) => `${hash.slice(0, 6)}…${hash.slice(-4)}`

/**
 * The economy in the open (`/findEconomy`, public): the stage, both pools, total power and
 * stake, KNT issued and paid out (from the ledger), the treasury read from the chain, and
 * every payout made, each linked to its transaction on the network's explorer.
 */
export function EconomyPage() {
  const { t } = useTranslation()
  const query = useEconomyQuery()
  const first = query.data?.pages[0]
  const payouts = {
    ...query,
    data: query.data && { pages: query.data.pages.map((p) => p.payouts) },
  }
  const payoutsTitle = t('discover.economy.payouts.title')
  return (
    <Page title={t('discover.economy.title')}>
      {query.error && !first ? (
        <LoadFailed message={query.error.message} onRetry={() => void query.refetch()} />
      ) : !first ? (
        <Loading />
      ) : (
        <>
          <p className={`${styles.weak} ${styles.intro}`}>{t('discover.economy.intro')}</p>
          <TreasuryCard chain={first.chain} />
          <PoolsCards economy={first} />
          <NetworkCard economy={first} />
          <section className={styles.card} aria-label={payoutsTitle}>
            <h2 className={styles.cardTitle}>{payoutsTitle}</h2>
          </section>
          <PagedList
            label={payoutsTitle}
            query={payouts}
            itemKey={(payout) => payout.id}
            render={(payout) => (
              <>
                <div>
                  <span>{new Date(payout.time).toLocaleString(currentLocale())}</span>
                  {payout.explorer_url ? (
                    <a
                      className={styles.txLink}
                      href={payout.explorer_url}
                      target="_blank"
                      rel="noopener noreferrer"
                      // the name starts with what is shown (axe: label-content-name-mismatch)
                      aria-label={`${shortHash(payout.hash)}, ${t('discover.economy.payouts.explorer', { hash: payout.hash })}`}
                    >
                      {shortHash(payout.hash)}
                    </a>
                  ) : (
                    <span className={lists.weak}>{shortHash(payout.hash)}</span>
                  )}
                </div>
                <div className={lists.amount}>
                  <span>{t('discover.kntAmount', { amount: formatNumber(payout.amount) })}</span>
                  <span className={lists.weak} data-status={payout.status}>
                    {t(`discover.economy.payouts.status.${payout.status}`)}
                  </span>
                </div>
              </>
            )}
          />
        </>
      )}
    </Page>
  )
}
