import { useErrorText } from '@/i18n'
import { Page } from '@/shared/ui/Page'
import { showSuccess, showToast } from '@/shared/ui/toast'
import { formatNumber } from '@kinetic/protocol'
import { Button, Input, ProgressBar } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Card } from '../components/Card'
import styles from '../components/Health.module.css'
import { QueryView } from '../components/QueryView'
import { useGoalQuery, useSetGoalMutation } from '../health.queries'
import { checkGoal, goalDraft, type GoalDraft } from '../lib/goal'
import { km } from '../lib/format'
import form from './Form.module.css'

/** The daily goal (`/v1/target`, `/v1/targetpost`): steps, calories, distance, and today's progress. */
export function DailyGoalPage() {
  const { t } = useTranslation()
  const query = useGoalQuery()
  return (
    <Page title={t('health.goal.title')}>
      <QueryView query={query}>
        {(goal) => <GoalForm key={`${goal.step}-${goal.calorie}-${goal.distance}`} goal={goal} />}
      </QueryView>
    </Page>
  )
}

function GoalForm({ goal }: { goal: NonNullable<ReturnType<typeof useGoalQuery>['data']> }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const save = useSetGoalMutation()
  const [draft, setDraft] = useState<GoalDraft>(() => goalDraft(goal))

  const submit = () => {
    const checked = checkGoal(draft)
    if (!checked.ok) return showToast(errorText(checked.code))
    save.mutate(checked.goal, { onSuccess: () => showSuccess(t('common.toast.modified')) })
  }
  const progress = [
    {
      key: 'step',
      label: t('health.stats.steps'),
      done: formatNumber(goal.today.steps),
      of: formatNumber(goal.step),
      pct: goal.progress.step_pct,
    },
    {
      key: 'calorie',
      label: t('health.stats.calories'),
      done: `${formatNumber(goal.today.calories)}`,
      of: `${formatNumber(goal.calorie)} ${t('health.unit.kcal')}`,
      pct: goal.progress.calorie_pct,
    },
    {
      key: 'distance',
      label: t('health.stats.distance'),
      done: km(goal.today.distance_m),
      of: `${km(goal.distance)} ${t('health.unit.km')}`,
      pct: goal.progress.distance_pct,
    },
  ]
  const field = (name: keyof GoalDraft, label: string, unit: string, mode: 'numeric' | 'decimal') => (
    <label className={form.field}>
      <span className={form.label}>{label}</span>
      <span className={form.inputRow}>
        <Input
          className={form.input}
          value={draft[name]}
          inputMode={mode}
          onChange={(value) => setDraft((d) => ({ ...d, [name]: value }))}
          aria-label={label}
        />
        <span className={form.unit}>{unit}</span>
      </span>
    </label>
  )

  return (
    <>
      <Card title={t('health.goal.today')} note={goal.progress.met ? t('health.goal.met') : undefined}>
        {progress.map((p) => (
          <div key={p.key} className={form.progress} role="group" aria-label={p.label}>
            <div className={form.progressHead}>
              <span>{p.label}</span>
              <span className={styles.weak}>
                {p.done} / {p.of}
              </span>
            </div>
            <ProgressBar
              percent={p.pct}
              style={{ '--fill-color': 'var(--kn-accent)', '--track-color': 'var(--kn-card-raised)' }}
            />
          </div>
        ))}
      </Card>
      <Card title={t('health.goal.set')}>
        {field('step', t('health.goal.step'), t('health.unit.steps'), 'numeric')}
        {field('calorie', t('health.goal.calorie'), t('health.unit.kcal'), 'numeric')}
        {field('distance', t('health.goal.distance'), t('health.unit.km'), 'decimal')}
        <Button block color="primary" shape="rounded" loading={save.isPending} onClick={submit}>
          {t('health.goal.save')}
        </Button>
      </Card>
    </>
  )
}
