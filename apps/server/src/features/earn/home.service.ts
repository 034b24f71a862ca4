import { health, type earn, type Params } from '@kinetic/protocol'
import { formatUnits, parseUnits } from 'viem'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/rpc/app-error.ts'
import {
  consentOf,
  dayTotals,
  effortReads,
  healthReads,
  hrAvg,
  percentOf,
  round,
  today,
  weekStart,
  type HealthDay,
} from '../health/index.ts'
import { dayEnergy, asleepSecondsOf } from './energy.ts'
import { homeRepo } from './home.repo.ts'
import { ASSETS, isAsset, ledger, SYSTEM, userAccount, type Asset } from './ledger.ts'
import { ledgerRepo } from './ledger.repo.ts'
import type { EarnSettings, Settings } from './settings.ts'
import { periodOf, TASKS, taskKey, taskView, type TaskFacts } from './tasks.ts'

const fmt = (amount: bigint, asset: Asset) => formatUnits(amount, ASSETS[asset])

/** A positive energy amount with at most energy's 2 decimals, in base units (never rounded). */
function parseEnergy(value: string): bigint {
  if ((value.split('.')[1]?.length ?? 0) > ASSETS.energy) throw new AppError('AMOUNT_DECIMALS', { field: 'amount' })
  const amount = parseUnits(value, ASSETS.energy)
  if (amount <= 0n) throw new AppError('AMOUNT_INVALID', { field: 'amount' })
  return amount
}

/**
 * Home: energy from authorized activity, contributing it into computing power, obtaining
 * energy with points, and tasks. Reading Home writes nothing: energy is credited when the
 * data arrives (crediting.ts); Home shows what today earned so far and what is credited.
 */
export function homeService(deps: { db: Db; settings: EarnSettings }) {
  const { db, settings } = deps
  const repo = homeRepo(db)
  const healthData = healthReads(db)
  const effort = effortReads(db)
  const book = ledger(db)

  /** Reads today's facts: the day's rollup, this week's, consent, setup, and the energy credited today. */
  async function facts(userId: number, s: Settings) {
    const profile = await healthData.profile(userId)
    const day = today(profile.timeZone)
    const monday = weekStart(day)
    const [rows, consent, goalStep, setup, seen, effortToday] = await Promise.all([
      healthData.days(userId, monday, day),
      consentOf(db, userId),
      healthData.goalSteps(userId),
      repo.setupCounts(userId),
      repo.energyCredited(userId, [day]),
      effort.day(userId, day),
    ])
    const row = rows.find((r) => r.day === day)
    const f: TaskFacts = {
      today: day,
      weekStart: monday,
      ...setup,
      goalSet: goalStep !== undefined,
      goalSteps: goalStep ?? health.GOAL_LIMITS.step.default,
      consent,
      day: row,
      week: rows,
    }
    return { f, profile, energy: dayEnergy(row, consent, s, effortToday), credited: seen.get(day) ?? 0n }
  }

  /** Every task's state; whether each was received this period is read in one query. */
  async function tasks(userId: number, s: Settings, f: TaskFacts): Promise<earn.Task[]> {
    const keyed = TASKS.map((task) => ({ task, key: taskKey(userId, task.id, periodOf(task, f)) }))
    const received = await repo.posted(keyed.map((k) => k.key))
    return keyed.map(({ task, key }) => taskView(task, s, f, received.has(key)))
  }

  return {
    async home(userId: number) {
      const s = await settings.get()
      const { f, profile, energy: earned, credited } = await facts(userId, s)
      const row: HealthDay | undefined = f.day
      const totals = dayTotals(f.today, row, profile)
      const [{ points, energy, power }, recent, taskList] = await Promise.all([
        book.balances(userId, ['points', 'energy', 'power']),
        book.recent(userId, 10),
        tasks(userId, s, f),
      ])
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
        records: recent.map((r) => {
          const asset = r.ledger_entries.asset
          return {
            id: r.ledger_entries.id,
            asset: asset as earn.LedgerEntry['asset'],
            amount: formatUnits(BigInt(r.ledger_entries.amount), isAsset(asset) ? ASSETS[asset] : 0),
            kind: r.ledger_postings.kind,
            time: r.ledger_entries.createdAt.toISOString(),
          }
        }),
      }
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
      const { f } = await facts(userId, s)
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
