import type { earn } from '@kinetic/protocol'
import { asleepSecondsOf } from './energy.ts'
import type { ConsentKind, HealthDay } from '../health/index.ts'
import type { Settings } from './settings.ts'

/** What the task checks read: counts from the tables and today's / this week's rollups. */
export interface TaskFacts {
  today: string
  weekStart: string
  watches: number
  goalSet: boolean
  goalSteps: number
  backedUpWallets: number
  consent: Record<ConsentKind, boolean>
  day: HealthDay | undefined
  week: HealthDay[]
}

interface TaskDef {
  id: earn.Task['id']
  group: earn.Task['group']
  /** Where Go leads (the consent page while the data a task needs is not authorized). */
  link: (f: TaskFacts) => string
  points: (s: Settings) => number
  target: (s: Settings, f: TaskFacts) => number
  progress: (f: TaskFacts) => number
}

const newbie = (s: Settings) => s.newbie_task_points
const daily = (s: Settings) => s.daily_task_points
const withConsent = (kind: ConsentKind, link: string) => (f: TaskFacts) => (f.consent[kind] ? link : '/userAuthorize')

/**
 * The task definitions (DESIGN §8: newbie, daily, weekly). Health-data tasks count only data
 * the user consented to, like energy. Rewards are points from `earn_settings`.
 */
export const TASKS: readonly TaskDef[] = [
  {
    id: 'bind_watch',
    group: 'newbie',
    link: () => '/deviceList',
    points: newbie,
    target: () => 1,
    progress: (f) => Math.min(f.watches, 1),
  },
  {
    id: 'set_goal',
    group: 'newbie',
    link: () => '/dailyGoal',
    points: newbie,
    target: () => 1,
    progress: (f) => (f.goalSet ? 1 : 0),
  },
  {
    id: 'backup_wallet',
    group: 'newbie',
    link: () => '/walletList',
    points: newbie,
    target: () => 1,
    progress: (f) => Math.min(f.backedUpWallets, 1),
  },
  {
    id: 'step_goal',
    group: 'daily',
    link: withConsent('exercise', '/sportsRecord'),
    points: daily,
    target: (_s, f) => f.goalSteps,
    progress: (f) => (f.consent.exercise ? (f.day?.steps ?? 0) : 0),
  },
  {
    id: 'sleep_7h',
    group: 'daily',
    link: withConsent('sleep', '/sleepReport'),
    points: daily,
    target: (s) => s.task_sleep_hours * 60,
    progress: (f) => (f.consent.sleep && f.day ? Math.floor(asleepSecondsOf(f.day) / 60) : 0),
  },
  {
    id: 'workout',
    group: 'daily',
    link: withConsent('exercise', '/sportsRecord'),
    points: daily,
    target: () => 1,
    progress: (f) => (f.consent.exercise ? (f.day?.workouts ?? 0) : 0),
  },
  {
    id: 'goal_5_days',
    group: 'weekly',
    link: withConsent('exercise', '/weeklyReport'),
    points: (s) => s.weekly_task_points,
    target: (s) => s.weekly_goal_days,
    progress: (f) => (f.consent.exercise ? f.week.filter((d) => d.steps >= f.goalSteps).length : 0),
  },
]

/** The period a task counts in now: once for newbie tasks, the local day, the week's Monday. */
export function periodOf(task: Pick<TaskDef, 'group'>, f: Pick<TaskFacts, 'today' | 'weekStart'>): string {
  return task.group === 'newbie' ? 'once' : task.group === 'daily' ? f.today : f.weekStart
}

export const taskKey = (userId: number, id: string, period: string) => `task:${userId}:${id}:${period}`

export function taskView(task: TaskDef, s: Settings, f: TaskFacts, received: boolean): earn.Task {
  const target = task.target(s, f)
  const progress = task.progress(f)
  return {
    id: task.id,
    group: task.group,
    state: received ? 'done' : progress >= target ? 'receive' : 'go',
    period: periodOf(task, f),
    reward: { asset: 'points', amount: String(task.points(s)) },
    progress,
    target,
    link: task.link(f),
  }
}
