import { currentLocale } from '@/i18n'
import { shortenMiddle } from '@kinetic/protocol'
import { ArrowDownCircleOutline, LoopOutline, UpCircleOutline } from 'antd-mobile-icons'
import { useTranslation } from 'react-i18next'
import { getAddress } from 'viem'
import { Link } from 'react-router'
import { formatAmount, formatTime } from '../lib/format'
import { approvalCall, type ApprovalCall } from '../lib/txView'
import type { Transfer } from '../lib/types'
import { useKnownContract } from '../wallet.queries'
import styles from './History.module.css'

const ICONS = { income: ArrowDownCircleOutline, outgo: UpCircleOutline, self: LoopOutline }
const SIGNS = { income: '+', outgo: '-', self: '' }

/**
 * One transfer in a history list; opens its transaction detail. An approval (a 0-BNB `approve`
 * call to a token) is titled as one — a revoke when it allows 0 — with no value (it moves
 * nothing), the token named by `symbolOf` (its contract when unknown).
 */
export function TransferItem({
  transfer,
  symbolOf = () => undefined,
}: {
  transfer: Transfer
  symbolOf?: (contract: string) => string | undefined
}) {
  const { t } = useTranslation()
  const approval = approvalCall(transfer)
  const Icon = ICONS[transfer.direction]
  const other = transfer.direction === 'income' ? transfer.from : transfer.to
  return (
    <Link
      className={styles.item}
      to={`/transferResultHash?hash=${transfer.hash}`}
      data-direction={transfer.swap ? 'swap' : transfer.direction}
      data-status={transfer.status}
      data-suspicious={transfer.suspicious || undefined}
    >
      <span className={`${styles.icon} ${styles[transfer.direction]}`} aria-hidden="true">
        <Icon />
      </span>
      <span className={styles.main}>
        <span className={styles.title}>
          {transfer.swap ? (
            t('wallet.history.swap')
          ) : approval ? (
            <ApprovalTitle approval={approval} token={symbolOf(approval.token) ?? shortenMiddle(approval.token)} />
          ) : (
            t(`wallet.history.direction.${transfer.direction}`)
          )}
          {transfer.replaced_as !== '' ? (
            <span className={`${styles.status} ${styles.failed}`}>
              {t(transfer.replaced_as === 'cancel' ? 'wallet.replace.cancelled' : 'wallet.replace.sped_up')}
            </span>
          ) : (
            transfer.status !== 'success' && (
              <span className={`${styles.status} ${styles[transfer.status]}`}>{t(`wallet.tx.${transfer.status}`)}</span>
            )
          )}
          {transfer.suspicious && (
            <span className={`${styles.status} ${styles.failed}`} title={t('wallet.history.suspiciousNote')}>
              {t('wallet.history.suspicious')}
            </span>
          )}
        </span>
        <span className={styles.sub}>
          <span className={styles.mono}>{shortenMiddle(other)}</span>
          {/* the separator stands in the gap before the time: when the time wraps, it is left out */}
          <span className={styles.when}>
            <span className={styles.separator} aria-hidden="true">
              ·
            </span>
            <time dateTime={transfer.time}>{formatTime(transfer.time, currentLocale(), 'short')}</time>
          </span>
        </span>
      </span>
      {transfer.swap ? (
        <span className={styles.amount} aria-label={t('wallet.history.swap')}>
          <span className={styles.outgo}>
            -{formatAmount(transfer.swap.sent.amount)} {transfer.swap.sent.coin.symbol}
          </span>
          {transfer.swap.received.amount !== '' && (
            <>
              <br />
              <span className={styles.income}>
                +{formatAmount(transfer.swap.received.amount)} {transfer.swap.received.coin.symbol}
              </span>
            </>
          )}
        </span>
      ) : approval ? null : (
        <span className={`${styles.amount} ${styles[transfer.direction]}`}>
          {SIGNS[transfer.direction]}
          {formatAmount(transfer.amount)} {transfer.coin.symbol}
        </span>
      )}
    </Link>
  )
}

/** "Approval of KNT to …" or, allowing 0, "Revoke KNT from …": a spender Kinetic knows by its name. */
function ApprovalTitle({ approval, token }: { approval: ApprovalCall; token: string }) {
  const { t } = useTranslation()
  const known = useKnownContract()(approval.spender)
  const spender = known ? t(`wallet.known.${known}`) : shortenMiddle(getAddress(approval.spender))
  return t(approval.amount === 0n ? 'wallet.history.revoke' : 'wallet.history.approval', { token, spender })
}
