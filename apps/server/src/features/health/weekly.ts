import { health as h, type WireLang } from '@kinetic/protocol'
import { addDays, daysBetween, localTime, pickDay, today, weekStart } from './dates.ts'
import { dayTotals, hrAvg, progress, round, sleepSummary, type Goal } from './day-stats.ts'
import { percentChange, type Profile } from './formulas.ts'
import type { DayRow, HealthRepo } from './health.repo.ts'
import { BASELINE_WEEKS, bedtimeOf, suggestionOf, weekDrivers, type DriverDay } from './drivers.ts'
import { driverInWords, suggestionInWords, weekInWords } from './weekly-words.ts'

const hasData = (r: DayRow, night: boolean) => r.steps > 0 || r.hrCount > 0 || night || r.workouts > 0

type Day = ReturnType<typeof dayOf>
function dayOf(date: string, row: DayRow | undefined, profile: Profile, goal: Goal, now: Date) {
  const totals = dayTotals(date, row, profile)
  // a night still in progress is no night yet: in no total, mean, change or bedtime
  const sleep = sleepSummary(date, row, now)
  return {
    ...totals,
    sleep_min: sleep?.duration_min ?? 0,
    sleep_score: sleep?.score ?? null,
    hr_avg: hrAvg(row),
    hr_resting: round(row?.hrResting),
    goal_met: row !== undefined && progress(totals, goal).met,
    hasSleep: sleep !== null,
    hasData: row !== undefined && hasData(row, sleep !== null),
    workouts: row?.workouts ?? 0,
    workoutSeconds: row?.workoutSeconds ?? 0,
  }
}

function weekTotals(days: Day[]): h.WeekSummary['totals'] {
  const sum = (f: (d: Day) => number) => days.reduce((s, d) => s + f(d), 0)
  return {
    steps: sum((d) => d.steps),
    distance_m: sum((d) => d.distance_m),
    calories: sum((d) => d.calories),
    active_minutes: sum((d) => d.active_minutes),
    workouts: sum((d) => d.workouts),
    workout_minutes: Math.round(sum((d) => d.workoutSeconds) / 60),
    sleep_min: sum((d) => d.sleep_min),
  }
}

const mean = (values: number[]) =>
  values.length ? Math.round(values.reduce((s, v) => s + v, 0) / values.length) : null

const percentOrNull = (now: number | null, before: number | null) =>
  now === null || before === null ? null : percentChange(now, before)

/**
 * The change from last week of a step figure's mean over the days with steps, as the drivers
 * compare (drivers.ts): a week with fewer days of data is not a smaller total. Null when either
 * week has none (or last week's mean is 0).
 */
function perDayChange(week: Day[], last: Day[], value: (d: Day) => number): number | null {
  const meanOf = (days: Day[]) => mean(days.filter((d) => d.steps > 0).map(value))
  return percentOrNull(meanOf(week), meanOf(last))
}

/** Weekly reports: weeks run Monday–Sunday in the user's time zone; goal days use the current goal. */
export function weeklyReports(repo: HealthRepo, goalOf: (userId: number) => Promise<Goal>) {
  function weekDays(monday: string, rows: DayRow[], profile: Profile, goal: Goal) {
    const byDay = new Map(rows.map((r) => [r.day, r]))
    const now = new Date()
    return Array.from({ length: 7 }, (_, i) => {
      const date = addDays(monday, i)
      return dayOf(date, byDay.get(date), profile, goal, now)
    })
  }

  function summary(monday: string, days: Day[]): h.WeekSummary {
    return {
      week_start: monday,
      week_end: addDays(monday, 6),
      totals: weekTotals(days),
      goal_days: days.filter((d) => d.goal_met).length,
      days_with_data: days.filter((d) => d.hasData).length,
    }
  }

  return {
    async weeks(userId: number, page: number, limit: number) {
      const profile = await repo.profile(userId)
      const current = weekStart(today(profile.timeZone))
      const first = await repo.firstDay(userId)
      const total = first ? Math.max(0, Math.floor(daysBetween(weekStart(first), current) / 7) + 1) : 0
      const count = Math.max(0, Math.min(limit, total - (page - 1) * limit))
      if (count === 0) return { list: [], total, page, limit }
      const newest = addDays(current, -7 * (page - 1) * limit)
      const oldest = addDays(newest, -7 * (count - 1))
      const rows = await repo.days(userId, oldest, addDays(newest, 6))
      const goal = await goalOf(userId)
      const list = []
      for (let i = 0; i < count; i++) {
        const monday = addDays(newest, -7 * i)
        list.push(summary(monday, weekDays(monday, rows, profile, goal)))
      }
      return { list, total, page, limit }
    },

    async week(userId: number, date: string | undefined, lang: WireLang): Promise<h.WeeklyReport> {
      const [profile, goal] = await Promise.all([repo.profile(userId), goalOf(userId)])
      const monday = weekStart(pickDay(date, profile.timeZone))
      const before = addDays(monday, -7)
      const rows = await repo.days(userId, addDays(monday, -7 * BASELINE_WEEKS), addDays(monday, 6))
      const days = weekDays(monday, rows, profile, goal)
      const lastDays = weekDays(before, rows, profile, goal)
      const previous = weekTotals(lastDays)
      const withData = days.filter((d) => d.hasData)
      const nights = days.filter((d) => d.hasSleep)
      const base = summary(monday, days)
      const t = base.totals
      const averages = {
        steps: mean(withData.map((d) => d.steps)),
        distance_m: mean(withData.map((d) => d.distance_m)),
        calories: mean(withData.map((d) => d.calories)),
        sleep_min: mean(nights.map((d) => d.sleep_min)),
        sleep_score: mean(nights.map((d) => d.sleep_score!)),
        hr_avg: mean(days.flatMap((d) => (d.hr_avg === null ? [] : [d.hr_avg]))),
        hr_resting: mean(days.flatMap((d) => (d.hr_resting === null ? [] : [d.hr_resting]))),
      }
      const change = {
        steps: perDayChange(days, lastDays, (d) => d.steps),
        distance_m: perDayChange(days, lastDays, (d) => d.distance_m),
        calories: perDayChange(days, lastDays, (d) => d.calories),
        // a night's mean, as the sleep driver and the averages
        sleep_min: percentOrNull(averages.sleep_min, mean(lastDays.filter((d) => d.hasSleep).map((d) => d.sleep_min))),
      }
      const byDay = new Map(rows.map((r) => [r.day, r]))
      const driverWeeks = Array.from({ length: BASELINE_WEEKS + 1 }, (_, w) => {
        const from = addDays(monday, -7 * w)
        return weekDays(from, rows, profile, goal).map((d): DriverDay => ({
          date: d.date,
          steps: d.steps,
          active_minutes: d.active_minutes,
          sleep_min: d.hasSleep ? d.sleep_min : null,
          bedtime: d.hasSleep ? bedtimeOf(localTime(byDay.get(d.date)!.sleepStart!, profile.timeZone)) : null,
          hr_resting: d.hr_resting,
        }))
      })
      const workouts = await repo.workoutDaysBetween(userId, profile.timeZone, before, addDays(monday, 6))
      const { drivers, activities, bedtime, baselineWeeks } = weekDrivers(driverWeeks, workouts)
      return {
        ...base,
        drivers: drivers.map((d) => ({
          ...d,
          text: driverInWords(d, { activities, bedtime, baselineWeeks: baselineWeeks[d.metric] }, lang),
        })),
        activities,
        bedtime,
        suggestion: suggestionInWords(suggestionOf(drivers, bedtime, driverWeeks[0]!), lang),
        days: days.map(({ hasSleep: _s, hasData: _d, workouts: _w, workoutSeconds: _ws, ...day }) => day),
        averages,
        previous,
        change,
        summary: weekInWords(
          {
            steps: t.steps,
            distanceKm: (t.distance_m / 1000).toFixed(1),
            stepsChange: change.steps,
            goalDays: base.goal_days,
            sleepAvgMin: averages.sleep_min,
            restingAvg: averages.hr_resting,
            workouts: t.workouts,
            workoutMinutes: t.workout_minutes,
            daysWithData: base.days_with_data,
          },
          lang,
        ),
      }
    },
  }
}
