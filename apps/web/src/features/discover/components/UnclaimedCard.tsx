import { newRequestId } from '@/shared/requestId'
import { showSuccess } from '@/shared/ui/toast'
import { earn, formatNumber } from '@kinetic/protocol'
import { Button } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useReceiveMutation, type RewardKind } from '../discover.queries'
import { kntUnits } from '../knt'
import styles from '../pages/Find.module.css'

/** One stream's unclaimed KNT, its Receive button and the links to its details and receipts. */
function Stream({ kind, amount }: { kind: RewardKind; amount: string }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const receive = useReceiveMutation(kind)
  // one id per amount shown: a double tap or a retry receives once; a new settlement gets a new id
  const [requestId, setRequestId] = useState(newRequestId)
  const label = t(`discover.unclaimed.${kind}`)
  const nothing = kntUnits(amount) === 0n
  return (
    <div className={styles.stream} role="group" aria-label={label}>
      <div className={styles.streamRow}>
        <div>
          <span className={styles.weak}>{label}</span>
          <strong data-testid={`unclaimed-${kind}`}>{formatNumber(amount)}</strong>
        </div>
        <Button
          size="small"
          shape="rounded"
          color="primary"
          disabled={nothing}
          loading={receive.isPending}
          onClick={() =>
            receive.mutate(
              { request_id: requestId },
              {
                onSuccess: () => {
                  showSuccess(t('discover.unclaimed.received'))
                  setRequestId(newRequestId())
                },
              },
            )
          }
        >
          {t('discover.unclaimed.receive')}
        </Button>
      </div>
      {nothing && <p className={styles.weak}>{t('discover.unclaimed.nothing')}</p>}
      <div className={styles.links}>
        <button type="button" onClick={() => void navigate(`/findDetail?kind=${kind}`)}>
          {t('discover.unclaimed.details')}
        </button>
        <button type="button" onClick={() => void navigate(`/findRecord?kind=${kind}`)}>
          {t('discover.unclaimed.record')}
        </button>
      </div>
    </div>
  )
}

/** Settled rewards not yet received, per stream (KNT). */
export function UnclaimedCard({ unclaimed }: { unclaimed: Record<RewardKind, string> }) {
  const { t } = useTranslation()
  const title = t('discover.unclaimed.title')
  return (
    <section className={styles.card} aria-label={title}>
      <h2 className={styles.cardTitle}>{t('discover.inKnt', { label: title })}</h2>
      {earn.REWARD_KINDS.map((kind) => (
        <Stream key={kind} kind={kind} amount={unclaimed[kind]} />
      ))}
    </section>
  )
}
