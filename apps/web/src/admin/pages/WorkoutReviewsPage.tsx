import { admin, formatNumber, type Result } from '@kinetic/protocol'
import { useMutation } from '@tanstack/react-query'
import { Button } from 'antd-mobile'
import { useTranslation } from 'react-i18next'
import { useConsoleRefresh, useWorkoutDisputesQuery } from '../admin.queries'
import { consoleCall } from '../api'
import { formatTime, toastOk } from '../ui'

type Review = Result<typeof admin.workoutDisputes>['list'][number]
type Side = Review['held']

/** One import of the workout: its account, file kind and start, and the button that lets it earn. */
function SideCell({ side, choose, pending }: { side: Side; choose: () => void; pending: boolean }) {
  const { t, i18n } = useTranslation()
  return (
    <td>
      <div>
        {side.user.label} (#{side.user.id})
      </div>
      <div className="muted">
        {side.source.toUpperCase()} · {formatTime(side.start, i18n.language)}
      </div>
      <Button size="small" color="primary" loading={pending} onClick={choose}>
        {t('admin.workouts.choose')}
      </Button>
    </td>
  )
}

function ReviewRow({ review }: { review: Review }) {
  const { t, i18n } = useTranslation()
  const refresh = useConsoleRefresh()
  const decide = useMutation({
    mutationFn: (workoutId: number) => consoleCall(admin.workoutDecide, { id: review.id, workout_id: workoutId }),
    onSuccess: () => {
      toastOk(t('admin.toast.submitted'))
      refresh(admin.workoutDisputes)
    },
  })
  const pending = decide.isPending
  return (
    <tr data-testid={`workout-review-${review.id}`}>
      <td>{formatTime(review.created_at, i18n.language)}</td>
      <td>
        {t('admin.workouts.summary', {
          type: review.type,
          minutes: Math.round(review.duration_s / 60),
          km: formatNumber((review.distance_m / 1000).toFixed(2)),
        })}
      </td>
      <SideCell side={review.frozen} pending={pending} choose={() => decide.mutate(review.frozen.workout_id)} />
      <SideCell side={review.held} pending={pending} choose={() => decide.mutate(review.held.workout_id)} />
      <td>{decide.error && <span className="error">{decide.error.message}</span>}</td>
    </tr>
  )
}

/** The same workout imported into two accounts: the operator picks the one that earns (once). */
export function WorkoutReviewsPage() {
  const { t } = useTranslation()
  const reviews = useWorkoutDisputesQuery()
  return (
    <>
      <h1>{t('admin.nav.workouts')}</h1>
      <p className="muted">{t('admin.workouts.hint')}</p>
      <table className="audit card" aria-label={t('admin.nav.workouts')}>
        <thead>
          <tr>
            <th>{t('admin.workouts.time')}</th>
            <th>{t('admin.workouts.workout')}</th>
            <th>{t('admin.workouts.earlier')}</th>
            <th>{t('admin.workouts.later')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {reviews.data?.list.length === 0 && (
            <tr>
              <td colSpan={5} className="muted">
                {t('admin.empty')}
              </td>
            </tr>
          )}
          {reviews.data?.list.map((review) => (
            <ReviewRow key={review.id} review={review} />
          ))}
        </tbody>
      </table>
    </>
  )
}
