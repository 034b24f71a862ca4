import { showSuccess } from '@/shared/ui/toast'
import type { health } from '@kinetic/protocol'
import { Button } from 'antd-mobile'
import { useTranslation } from 'react-i18next'
import { useWorkoutReviewMutation } from '../health.queries'
import styles from './Sports.module.css'

/** "Implausible · heart rate flat": a verdict and its reasons (the energy record's reason texts). */
export function useVerdictText() {
  const { t } = useTranslation()
  return (verdict: health.EffortVerdict) =>
    [
      t(`health.sports.verdict.${verdict.verdict}`),
      verdict.reasons.map((r) => t(`earn.effort.reasons.${r}`)).join(t('earn.effort.separator')),
    ]
      .filter(Boolean)
      .join(' · ')
}

/**
 * A workout's plausibility verdict when it is not ok, so a workout that earns less or nothing
 * says so even when its day earned nothing; with `reviewable`, the user can ask for a review (a
 * support ticket with the day's data, once per day).
 */
export function WorkoutVerdict({
  id,
  verdict,
  reviewable = false,
}: {
  id: number
  verdict: health.EffortVerdict
  reviewable?: boolean
}) {
  const { t } = useTranslation()
  const text = useVerdictText()
  const review = useWorkoutReviewMutation()
  if (verdict.verdict === 'ok') return null
  return (
    <div className={styles.verdict} data-verdict={verdict.verdict} role="status">
      <span>{text(verdict)}</span>
      {reviewable && (
        <>
          <span className={styles.verdictNote}>{t(`health.sports.verdictNote.${verdict.verdict}`)}</span>
          <Button
            size="mini"
            fill="outline"
            loading={review.isPending}
            onClick={() =>
              review.mutate(
                { id },
                { onSuccess: (r) => showSuccess(t('earn.effort.reviewOpened', { id: r.ticket_id, day: r.day })) },
              )
            }
          >
            {t('earn.effort.review')}
          </Button>
        </>
      )}
    </div>
  )
}
