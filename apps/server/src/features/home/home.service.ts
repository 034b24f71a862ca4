import { health, type earn, type Params, type Result } from '@kinetic/protocol'
import { formatUnits, parseUnits } from 'viem'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/rpc/app-error.ts'
import { keep } from '../../platform/rpc/envelope.ts'
import { LRUCache } from 'lru-cache'
import {
  consentFrom,
  dayTotals,
  hrAvg,
  NO_EFFORT,
  percentOf,
  round,
  today,
  weekStart,
  type HealthDay,
} from '../health/index.ts'
import {
  asleepSecondsOf,
  ASSETS,
  dayEnergy,
  isAsset,
  ledger,
  ledgerRepo,
  periodOf,
  SYSTEM,
  TASKS,
  taskKey,
  taskView,
  userAccount,
  type Asset,
  type EarnSettings,
  type Settings,
  type TaskFacts,
} from '../earn/index.ts'
import { homeRepo } from './home.repo.ts'

/** Users whose last Home answer is kept (a few KB each); a forgotten one costs one more statement. */
const HOMES_KEPT = 20_000

const fmt = (amount: bigint, asset: Asset) => formatUnits(amount, ASSETS[asset])

/** A positive energy amount with at most energy's 2 decimals, in base units (never rounded). */
function parseEnergy(value: string): bigint {
  if ((value.split('.')[1]?.length ?? 0) > ASSETS.energy) throw new AppError('AMOUNT_DECIMALS', { field: 'amount' })
  const amount = parseUnits(value, ASSETS.energy)
  if (amount <= 0n) throw new AppError('AMOUNT_INVALID', { field: 'amount' })
  return amount
}

type HomeAnswer = Result<typeof earn.home>

/**
 * Home: energy from authorized activity, contributing it into computing power, obtaining
 * energy with points, and tasks. Reading Home writes nothing: energy is credited when the
 * data arrives (crediting.ts); Home shows what today earned so far and what is credited.
 */
export function homeService(deps: { db: Db; settings: EarnSettings }) {
  const { db, settings } = deps
  const repo = homeRepo(db)
  const book = ledger(db)

  /**
   * Home as last answered to each user, with what it was answered under: the user's Home
   * version (moved on by the database with every change of a row Home shows, `read_versions`), the
   * local day and the settings. While all three hold, Home is that answer after one short read.
   */
  const answers = new LRUCache<number, { version: number; day: string; settings: Settings; answer: HomeAnswer }>({
    max: HOMES_KEPT,
  })

  /** The user's Home version and time zone (ACCOUNT_NOT_FOUND for no such user). */
  async function stampOf(userId: number) {
    const stamp = await repo.stamp(userId)
    if (!stamp) throw new AppError('ACCOUNT_NOT_FOUND')
    return stamp
  }

  /**
   * Today's facts in the user's time zone (docs/adr/2026-11-25-home-in-one-read.md), in one
   * statement: the user's profile, consent, goal, setup, balances and latest movements, this
   * week's rollups with today's effort as last judged, the energy credited today and the tasks received.
   */
  async function facts(userId: number, s: Settings, timeZone: string) {
    const day = today(timeZone)
    const monday = weekStart(day)
    const keyOf = (task: (typeof TASKS)[number]) =>
      taskKey(userId, task.id, periodOf(task, { today: day, weekStart: monday }))
    const user = await repo.read(userId, { day, monday, keys: TASKS.map(keyOf) })
    const { profile } = user
    const row = user.days.find((r) => r.day === day)
    const consent = consentFrom(user.consent)
    const f: TaskFacts = {
      today: day,
      weekStart: monday,
      watches: user.watches,
      backedUpWallets: user.backedUpWallets,
      goalSet: user.goalSteps !== undefined,
      goalSteps: user.goalSteps ?? health.GOAL_LIMITS.step.default,
      consent,
      day: row,
      week: user.days,
    }
    const received = new Set(TASKS.filter((t) => user.posted.has(keyOf(t))).map((t) => t.id))
    return {
      f,
      profile,
      user,
      received,
      // today's effort as judged when its energy was last credited (none before any data)
      energy: dayEnergy(row, consent, s, row?.effort ?? NO_EFFORT),
      credited: user.credited,
    }
  }

  /** Home's answer, read and computed now. */
  async function answerHome(userId: number, s: Settings, timeZone: string) {
    const { f, profile, user, received, energy: earned, credited } = await facts(userId, s, timeZone)
    const row: HealthDay | undefined = f.day
    const totals = dayTotals(f.today, row, profile)
    const { points, energy, power } = user.balances
    const taskList = tasks(s, f, received)
    return {
      date: f.today,
      points: Number(points),
      energy: fmt(energy, 'energy'),
      power: fmt(power, 'power'),
      today_energy: {
        credited: fmt(credited, 'energy'),
        cap: String(s.energy_daily_cap),
        steps: fmt(earned.steps, 'energy'),
        active: fmt(earned.active, 'energy'),
        workouts: fmt(earned.workouts, 'energy'),
        zone: fmt(earned.zone, 'energy'),
        sleep: fmt(earned.sleep, 'energy'),
      },
      consent: f.consent,
      sports: {
        steps: totals.steps,
        distance_m: totals.distance_m,
        calories: totals.calories,
        active_minutes: totals.active_minutes,
      },
      heart_rate: {
        avg: hrAvg(row),
        min: row?.hrMin ?? null,
        max: row?.hrMax ?? null,
        resting: round(row?.hrResting),
      },
      sleep: row?.sleepEnd ? { minutes: Math.round(asleepSecondsOf(row) / 60) } : null,
      goal: { step: f.goalSteps, step_pct: percentOf(totals.steps, f.goalSteps), met: totals.steps >= f.goalSteps },
      rates: { energy_per_power: s.finalize_energy_per_power, points_per_energy: s.supply_points_per_energy },
      tasks: taskList,
      records: user.recent.map((r) => ({
        id: r.id,
        asset: r.asset as earn.LedgerEntry['asset'],
        amount: formatUnits(BigInt(r.amount), isAsset(r.asset) ? ASSETS[r.asset] : 0),
        kind: r.kind,
        time: r.createdAt.toISOString(),
      })),
    }
  }

  /** Every task's state (whether each was received this period came with the facts). */
  function tasks(s: Settings, f: TaskFacts, received: Set<string>): earn.Task[] {
    return TASKS.map((task) => taskView(task, s, f, received.has(task.id)))
  }

  return {
    async home(userId: number): Promise<HomeAnswer> {
      const s = await settings.get()
      const { version, timeZone } = await stampOf(userId)
      const kept = answers.get(userId)
      if (kept?.version === version && kept.settings === s && kept.day === today(timeZone)) return kept.answer
      const answer = keep(await answerHome(userId, s, timeZone))
      answers.set(userId, { version, day: answer.date, settings: s, answer })
      return answer
    },

    /** Energy → computing power at `finalize_energy_per_power` (rounded down to power's decimals). */
    async finalize(userId: number, p: Params<typeof earn.finalize>) {
      const energy = parseEnergy(p.amount)
      const rate = BigInt((await settings.get()).finalize_energy_per_power)
      const power = (energy * 10n ** BigInt(ASSETS.power - ASSETS.energy)) / rate
      if (power <= 0n) throw new AppError('AMOUNT_TOO_SMALL', { field: 'amount' })
      if ((await book.balance(userId, 'energy')) < energy)
        throw new AppError('INSUFFICIENT_BALANCE', { field: 'amount' })
      await swap(userId, 'finalize', p.request_id, p.amount, ['energy', energy], ['power', power])
      return {
        energy: fmt(await book.balance(userId, 'energy'), 'energy'),
        power: fmt(await book.balance(userId, 'power'), 'power'),
        added_power: fmt(power, 'power'),
      }
    },

    /** Points → energy at `supply_points_per_energy` points per energy (rounded up to whole points). */
    async supply(userId: number, p: Params<typeof earn.supply>) {
      const energy = parseEnergy(p.amount)
      const price = BigInt((await settings.get()).supply_points_per_energy)
      const unit = 10n ** BigInt(ASSETS.energy)
      const cost = (energy * price + unit - 1n) / unit
      if ((await book.balance(userId, 'points')) < cost) throw new AppError('INSUFFICIENT_POINTS', { field: 'amount' })
      await swap(userId, 'supply', p.request_id, p.amount, ['points', cost], ['energy', energy])
      return {
        energy: fmt(await book.balance(userId, 'energy'), 'energy'),
        points: Number(await book.balance(userId, 'points')),
        cost_points: Number(cost),
      }
    },

    /** Pays a finished task's reward once per period (key `task:<user>:<task>:<period>`). */
    async receiveTask(userId: number, p: Params<typeof earn.taskReceive>) {
      const s = await settings.get()
      const { f } = await facts(userId, s, (await stampOf(userId)).timeZone)
      const task = TASKS.find((t) => t.id === p.id)
      if (!task) throw new AppError('FIELD_INVALID', { field: 'id' })
      const period = periodOf(task, f)
      if (p.period !== period) throw new AppError('TASK_EXPIRED', { field: 'period' })
      const key = taskKey(userId, task.id, period)
      const view = taskView(task, s, f, false)
      if (view.state === 'go') throw new AppError('TASK_NOT_DONE', { field: 'id' })
      const points = task.points(s)
      if (points > 0) await book.reward(userId, 'points', BigInt(points), key, 'task', { task: task.id, period })
      return { task: taskView(task, s, f, true) }
    },
  }

  /** Runs a keyed posting; a request id reused for another amount is refused. */
  /**
   * One posting in which the user pays `paid` to the rewards account and gets `got` from it,
   * keyed on the request id: a repeat moves nothing, the same id with another amount is refused.
   */
  async function swap(
    userId: number,
    kind: 'finalize' | 'supply',
    requestId: string,
    amount: string,
    [paidAsset, paid]: [Asset, bigint],
    [gotAsset, got]: [Asset, bigint],
  ) {
    const key = `${kind}:${userId}:${requestId}`
    const me = userAccount(userId)
    const posting = await book.post({
      key,
      kind,
      memo: { amount },
      lines: [
        { owner: me, asset: paidAsset, amount: -paid },
        { owner: SYSTEM.rewards, asset: paidAsset, amount: paid },
        { owner: SYSTEM.rewards, asset: gotAsset, amount: -got },
        { owner: me, asset: gotAsset, amount: got },
      ],
    })
    if (posting.created) return
    const original = await ledgerRepo(db).postingByKey(key)
    if (original?.memo.amount !== amount) throw new AppError('IDEMPOTENCY_KEY_REUSED', { field: 'request_id' })
  }
}
export type HomeService = ReturnType<typeof homeService>
