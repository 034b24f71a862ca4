import { showSuccessLater as showSuccess } from '@/shared/ui/lazyToast'
import { earn, formatNumber } from '@kinetic/protocol'
import { Button } from 'antd-mobile'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useTaskReceiveMutation } from '../earn.queries'
import styles from '../pages/Home.module.css'

type Task = earn.Task

/** `6,600 / 8,000`; sleep in hours (its target is minutes on the wire). */
function progressText(task: Task, hours: (value: string) => string): string {
  const done = Math.min(task.progress, task.target)
  if (task.id !== 'sleep_7h') return `${formatNumber(done)} / ${formatNumber(task.target)}`
  return `${formatNumber(done / 60, 1)} / ${hours(formatNumber(task.target / 60, 1))}`
}

/** One task: what it asks, its reward and progress, and Go / Receive / Done. */
function TaskRow({ task }: { task: Task }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const receive = useTaskReceiveMutation()
  const title = t(`earn.home.task.${task.id}`)
  const action =
    task.state === 'go' ? (
      <Button size="small" shape="rounded" onClick={() => void navigate(task.link)}>
        {t('earn.home.go')}
      </Button>
    ) : task.state === 'receive' ? (
      <Button
        size="small"
        shape="rounded"
        color="primary"
        loading={receive.isPending}
        onClick={() =>
          receive.mutate(
            { id: task.id, period: task.period },
            { onSuccess: () => showSuccess(t('earn.home.received')) },
          )
        }
      >
        {t('earn.home.receive')}
      </Button>
    ) : (
      <Button size="small" shape="rounded" disabled>
        {t('earn.home.done')}
      </Button>
    )
  return (
    <li className={styles.task} aria-label={title} data-state={task.state}>
      <div>
        <strong>{title}</strong>
        <span className={styles.weak}>
          {t('earn.home.reward', {
            amount: formatNumber(task.reward.amount),
            asset: t(`earn.asset.${task.reward.asset}`),
          })}
          {task.target > 1 && ` · ${progressText(task, (h) => t('earn.home.hours', { hours: h }))}`}
        </span>
      </div>
      {action}
    </li>
  )
}

/** Newbie, daily and weekly tasks, each group under its heading. */
export function HomeTasks({ tasks }: { tasks: Task[] }) {
  const { t } = useTranslation()
  return (
    <>
      {earn.TASK_GROUPS.map((group) => (
        <section key={group} id={`tasks-${group}`} className={styles.card} aria-label={t(`earn.home.groups.${group}`)}>
          <h2 className={styles.cardTitle}>{t(`earn.home.groups.${group}`)}</h2>
          <ul className={styles.tasks}>
            {tasks
              .filter((task) => task.group === group)
              .map((task) => (
                <TaskRow key={task.id} task={task} />
              ))}
          </ul>
        </section>
      ))}
    </>
  )
}
