import { showSuccess } from '@/shared/ui/toast'
import type { earn } from '@kinetic/protocol'
import { Button } from 'antd-mobile'
import { useTranslation } from 'react-i18next'
import { useEnergyReviewMutation } from '../earn.queries'
import styles from '../pages/Earn.module.css'

/**
 * An energy credit's day (credits for late uploads arrive days after the activity), its
 * plausibility verdict and its reasons; when it is not ok, the user can ask
 * for a review (a support ticket with the day's data, once per day).
 */
export function EffortVerdict({
  entryId,
  effort,
}: {
  entryId: number
  effort: NonNullable<earn.LedgerEntry['effort']>
}) {
  const { t } = useTranslation()
  const review = useEnergyReviewMutation()
  const reasons = effort.reasons.map((r) => t(`earn.effort.reasons.${r}`)).join(t('earn.effort.separator'))
  return (
    <div className={styles.verdict} data-verdict={effort.verdict}>
      <span>
        {t('earn.effort.day', { day: effort.day })}
        {' · '}
        {t(`earn.effort.verdict.${effort.verdict}`)}
        {reasons && ` · ${reasons}`}
      </span>
      {effort.verdict !== 'ok' && (
        <Button
          size="mini"
          fill="outline"
          loading={review.isPending}
          onClick={() =>
            review.mutate(
              { id: entryId },
              { onSuccess: (r) => showSuccess(t('earn.effort.reviewOpened', { id: r.ticket_id, day: r.day })) },
            )
          }
        >
          {t('earn.effort.review')}
        </Button>
      )}
    </div>
  )
}
