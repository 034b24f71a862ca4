import { currentLocale } from '@/i18n'
import { Amount } from '@/shared/ui/Amount'
import { Page } from '@/shared/ui/Page'
import { EmptyState, LoadFailed, Loading } from '@/shared/ui/Status'
import { CheckCircleFill, ClockCircleFill, CloseCircleFill } from 'antd-mobile-icons'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { CopyIcon } from '../components/CopyButton'
import { ReplaceActions } from '../components/ReplaceActions'
import { TxData } from '../components/TxData'
import styles from '../components/TxDetail.module.css'
import { formatTime } from '../lib/format'
import type { Transfer } from '../lib/types'
import { shownTransfers } from '../lib/txView'
import { useTxQuery } from '../transfer.queries'

const STATUS_ICONS = { pending: ClockCircleFill, success: CheckCircleFill, failed: CloseCircleFill }
const SIGNS = { income: '+', outgo: '-', self: '' }
const REPLACED = { speed_up: 'wallet.replace.sped_up', cancel: 'wallet.replace.cancelled' } as const

/** Transaction detail (`?hash=`): status, amount, parties, time, fee, hash, block, data. */
export function TransferDetailPage() {
  const { t } = useTranslation()
  const [search] = useSearchParams()
  const hash = search.get('hash')?.trim() ?? ''
  const { data, error, refetch } = useTxQuery(hash)
  const shown = data ? shownTransfers(data.transfers) : []
  const main = shown[0]

  return (
    <Page title={t('wallet.tx.title')}>
      {hash === '' ? (
        <EmptyState text={t('wallet.common.empty')} />
      ) : error ? (
        <LoadFailed message={error.message} onRetry={() => void refetch()} />
      ) : !data ? (
        <Loading />
      ) : !main ? (
        <EmptyState text={t('wallet.common.empty')} />
      ) : (
        <TxDetail transfers={shown} main={main} explorerUrl={data.explorer_url} />
      )}
    </Page>
  )
}

function TxDetail({ transfers, main, explorerUrl }: { transfers: Transfer[]; main: Transfer; explorerUrl: string }) {
  const { t } = useTranslation()
  const Icon = STATUS_ICONS[main.status]
  const rows: { label: string; value: ReactNode; copy?: string }[] = [
    { label: t('wallet.tx.sender'), value: main.from, copy: main.from },
    { label: t('wallet.tx.receiver'), value: main.to, copy: main.to },
    { label: t('wallet.tx.time'), value: formatTime(main.time, currentLocale()) },
    // a cost, rounded up by the one rule; the exact fee on tap
    { label: t('wallet.tx.fee'), value: main.fee === '' ? '—' : <Amount value={main.fee} symbol="BNB" round="up" /> },
    { label: t('wallet.tx.hash'), value: main.hash, copy: main.hash },
    { label: t('wallet.tx.block'), value: main.block_number === null ? '—' : String(main.block_number) },
    { label: t('wallet.tx.confirmations'), value: String(main.confirmations) },
  ]
  return (
    <>
      <section className={styles.head} data-status={main.status}>
        <Icon className={styles.statusIcon} aria-hidden="true" />
        <div className={styles.status} role="status">
          {main.replaced_as === '' ? t(`wallet.tx.${main.status}`) : t(REPLACED[main.replaced_as])}
        </div>
        {main.replaced_by !== '' && (
          <Link className={styles.replaced} to={`/transferResultHash?hash=${main.replaced_by}`}>
            {t('wallet.replace.replacement')}
          </Link>
        )}
        {transfers.map((transfer) => (
          <div key={transfer.log_index} className={styles.amount}>
            <Amount value={transfer.amount} sign={SIGNS[transfer.direction]} decimals={transfer.coin.decimals} />{' '}
            <small>{transfer.coin.symbol}</small>
          </div>
        ))}
      </section>
      <dl className={styles.rows}>
        {rows.map((row) => (
          <div key={row.label} className={styles.row}>
            <dt>{row.label}</dt>
            <dd className={row.copy ? styles.mono : undefined}>
              <span>{row.value}</span>
              {row.copy && <CopyIcon text={row.copy} label={t('wallet.tx.copyNamed', { name: row.label })} />}
            </dd>
          </div>
        ))}
        {main.data_hex !== '' && <TxData hex={main.data_hex} text={main.data_text} />}
      </dl>
      <ReplaceActions transfer={main} />
      {explorerUrl !== '' && (
        <a className={styles.explorer} href={explorerUrl} target="_blank" rel="noopener noreferrer">
          {t('wallet.tx.explorer')}
        </a>
      )}
    </>
  )
}
