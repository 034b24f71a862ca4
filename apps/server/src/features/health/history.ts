import type { health as h } from '@kinetic/protocol'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/rpc/app-error.ts'
import { addDays, pickDay, today } from './dates.ts'
import { sleepSummary } from './day-stats.ts'
import { healthRepo, type DayRow } from './health.repo.ts'
import { weightRepo, type WeightRow } from './weight.repo.ts'

/** The day rollups' figure of a metric, or null when the day has none. */
const DAY_VALUE: Record<Exclude<h.TrendMetric, 'weight'>, (row: DayRow, now: Date) => number | null> = {
  steps: (row) => (row.steps > 0 ? row.steps : null),
  // a night still in progress has no value yet (formulas.ts, NIGHT_ENDED_AFTER_MIN)
  sleep: (row, now) => sleepSummary(row.day, row, now)?.duration_min ?? null,
  resting_hr: (row) => (row.hrResting === null ? null : Math.round(row.hrResting)),
}

const lastDayOfMonth = (month: string) => addDays(`${addDays(`${month}-28`, 4).slice(0, 7)}-01`, -1)
const average = (values: number[], decimals: number) => {
  if (values.length === 0) return null
  const f = 10 ** decimals
  return Math.round((values.reduce((s, v) => s + v, 0) / values.length) * f) / f
}

/** Months and years of steps, sleep, resting heart rate and weight; the weight log. */
export function historyService(db: Db, setProfileWeight: (tx: Db, userId: number, kg: number) => Promise<void>) {
  const repo = healthRepo(db)

  async function dailyValues(userId: number, metric: h.TrendMetric, from: string, to: string) {
    if (metric === 'weight')
      return (await weightRepo(db).between(userId, from, to)).map((w) => ({ day: w.day, value: w.weightKg }))
    const value = DAY_VALUE[metric]
    const now = new Date()
    return (await repo.days(userId, from, to)).flatMap((row) => {
      const v = value(row, now)
      return v === null ? [] : [{ day: row.day, value: v }]
    })
  }

  /** After a change of the log, the profile's weight is the latest day's (unchanged when the log is empty). */
  async function syncProfile(tx: Db, userId: number) {
    const latest = await weightRepo(tx).latest(userId)
    if (latest) await setProfileWeight(tx, userId, latest.weightKg)
  }

  /** Days up to today in the account's zone, from 1900. */
  async function checkDay(userId: number, day: string | undefined): Promise<string> {
    const { timeZone } = await repo.profile(userId)
    const now = today(timeZone)
    if (day === undefined) return now
    let valid: string | undefined
    try {
      valid = pickDay(day, timeZone)
    } catch {
      valid = undefined
    }
    if (!valid || valid > now || valid < '1900-01-01') throw new AppError('WEIGHT_DATE_INVALID', { field: 'date' })
    return valid
  }

  const entry = (row: WeightRow): h.WeightEntry => ({ id: row.id, date: row.day, weight: row.weightKg })

  return {
    async trend(userId: number, p: { metric: h.TrendMetric; period: h.TrendPeriod; date?: string | undefined }) {
      const { timeZone } = await repo.profile(userId)
      const day = pickDay(p.date, timeZone)
      const from = p.period === 'month' ? `${day.slice(0, 7)}-01` : `${day.slice(0, 4)}-01-01`
      const to = p.period === 'month' ? lastDayOfMonth(day.slice(0, 7)) : `${day.slice(0, 4)}-12-31`
      const values = await dailyValues(userId, p.metric, from, to)
      const decimals = p.metric === 'weight' ? 1 : 0
      const byKey = new Map<string, number[]>()
      const keyOf = (d: string) => (p.period === 'month' ? d : d.slice(0, 7))
      for (const v of values) byKey.set(keyOf(v.day), [...(byKey.get(keyOf(v.day)) ?? []), v.value])
      const keys: string[] = []
      if (p.period === 'month') for (let d = from; d <= to; d = addDays(d, 1)) keys.push(d)
      else for (let m = 1; m <= 12; m++) keys.push(`${day.slice(0, 4)}-${String(m).padStart(2, '0')}`)
      const all = values.map((v) => v.value)
      return {
        metric: p.metric,
        period: p.period,
        from,
        to,
        points: keys.map((key) => ({ key, value: average(byKey.get(key) ?? [], decimals) })),
        average: average(all, decimals),
        min: all.length ? Math.min(...all) : null,
        max: all.length ? Math.max(...all) : null,
        days_with_data: values.length,
      }
    },

    async weights(userId: number, page: number, limit: number) {
      const { rows, total } = await weightRepo(db).page(userId, page, limit)
      return { list: rows.map(entry), total, page, limit }
    },

    async addWeight(userId: number, p: { weight: number; date?: string | undefined }): Promise<h.WeightEntry> {
      const day = await checkDay(userId, p.date)
      return db.transaction(async (tx) => {
        const row = await weightRepo(tx).upsert(userId, day, p.weight)
        await syncProfile(tx, userId)
        return entry(row)
      })
    },

    async editWeight(userId: number, p: { id: number; weight?: number | undefined; date?: string | undefined }) {
      const found = await weightRepo(db).find(userId, p.id)
      if (!found) throw new AppError('WEIGHT_NOT_FOUND', { field: 'id' })
      const day = p.date === undefined ? found.day : await checkDay(userId, p.date)
      return db.transaction(async (tx) => {
        const txRepo = weightRepo(tx)
        if (await txRepo.dayTaken(userId, day, p.id)) throw new AppError('WEIGHT_DAY_TAKEN', { field: 'date' })
        const row = await txRepo.update(userId, p.id, { day, weightKg: p.weight ?? found.weightKg })
        // another request put an entry on that day meanwhile
        if (row === 'taken') throw new AppError('WEIGHT_DAY_TAKEN', { field: 'date' })
        if (!row) throw new AppError('WEIGHT_NOT_FOUND', { field: 'id' })
        await syncProfile(tx, userId)
        return entry(row)
      })
    },

    async deleteWeight(userId: number, id: number) {
      await db.transaction(async (tx) => {
        if (!(await weightRepo(tx).remove(userId, id))) throw new AppError('WEIGHT_NOT_FOUND', { field: 'id' })
        await syncProfile(tx, userId)
      })
      return { ok: true as const }
    },
  }
}
