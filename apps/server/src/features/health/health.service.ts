import { health as h, type WireLang } from '@kinetic/protocol'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/rpc/app-error.ts'
import { addDays, localTime, pickDay, today } from './dates.ts'
import { dayTotals, hrAvg, nightInProgress, progress, round, sleepSummary, type Goal } from './day-stats.ts'
import {
  ageOn,
  fitnessLevel,
  hrMax,
  hrMaxSource,
  sleepScoreParts,
  vo2Confidence,
  vo2max,
  zoneBounds,
  zoneOf,
} from './formulas.ts'
import { sleepScoreMethod, VO2_FORMULA, VO2_METHOD_NAME, vo2MethodText } from './explain-words.ts'
import { healthRepo } from './health.repo.ts'
import type { HealthHooks } from './hooks.ts'
import { motionReports } from './motion.ts'
import { PARQ_QUESTION_COUNT, parqAdvice, parqTitle, questionTexts } from './questionnaire.ts'
import { weeklyReports } from './weekly.ts'
import { doctorPdf } from './doctor-pdf.ts'
import type { RawStorage } from './raw-retention.ts'

/** Days of resting heart rate behind the fitness analysis. */
const FITNESS_WINDOW_DAYS = 14

type Toggle = '0' | '1'

export interface HealthDeps {
  db: Db
  /** Bound watches and whether any is online (the device feature answers it). */
  presence: (userId: number) => Promise<{ bound: number; online: boolean }>
  /** Days a redemption of the fitness analysis unlocks it: the operator's setting, which the shop grants. */
  fitnessDays: () => Promise<number>
  /** What a redemption of the fitness analysis costs and the user's points (the shop answers it). */
  fitnessOffer: (userId: number) => Promise<{ price: number | null; points: number }>
  /** Told of changed days and consents once they committed (earning credits energy). */
  hooks?: HealthHooks | undefined
  /** Where the raw readings (blood pressure, SpO2, per-second heart rate) start: reports before it say they are gone. */
  raw: Pick<RawStorage, 'rawKept'>
}

export function healthService({ db, presence, fitnessDays, fitnessOffer, hooks, raw }: HealthDeps) {
  const repo = healthRepo(db)

  async function goalOf(userId: number): Promise<Goal> {
    const row = await repo.goal(userId)
    const d = h.GOAL_LIMITS
    return row
      ? { step: row.step, calorie: row.calorie, distance: row.distance }
      : { step: d.step.default, calorie: d.calorie.default, distance: d.distance.default }
  }

  async function fitnessState(userId: number) {
    const pass = await repo.activeFitnessPass(userId)
    return { pass, active: pass !== undefined, valid_until: pass?.validUntil.toISOString() ?? null }
  }

  async function questionnaire(userId: number, lang: WireLang): Promise<h.Questionnaire> {
    const row = await repo.latestAnswers(userId)
    const result = row?.answers.includes('yes') ? 'consult' : 'clear'
    return {
      title: parqTitle(lang),
      questions: questionTexts(lang),
      latest: row
        ? {
            answers: row.answers as ('yes' | 'no')[],
            at: row.createdAt.toISOString(),
            result,
            advice: parqAdvice(result, lang),
          }
        : null,
    }
  }

  async function goalWithProgress(userId: number): Promise<h.Goal> {
    const profile = await repo.profile(userId)
    const day = today(profile.timeZone)
    const [row] = await repo.days(userId, day, day)
    const totals = dayTotals(day, row, profile)
    const goal = await goalOf(userId)
    return { ...goal, progress: progress(totals, goal), today: totals }
  }

  async function authorizations(userId: number): Promise<h.Authorizations> {
    const row = await repo.consent(userId)
    return {
      exercise: row?.exercise ?? false,
      sleep: row?.sleep ?? false,
      heart_rate: row?.heartRate ?? false,
      updated_at: row?.updatedAt.toISOString() ?? null,
    }
  }

  return {
    ...weeklyReports(repo, goalOf),
    ...motionReports(db, repo, hooks),

    async overview(userId: number, date: string | undefined): Promise<h.Overview> {
      const profile = await repo.profile(userId)
      const tz = profile.timeZone
      const day = pickDay(date, tz)
      const [row] = await repo.days(userId, day, day)
      const minutes = await repo.minutes(userId, tz, day)
      const totals = dayTotals(day, row, profile)
      const hourly = Array.from({ length: 24 }, () => 0)
      for (const m of minutes) hourly[m.hour] = (hourly[m.hour] ?? 0) + m.steps
      const latestHr = minutes.findLast((m) => m.hrCount > 0)
      const bp = (await repo.bloodPressure(userId, tz, day)).at(-1)
      const spo2 = (await repo.spo2(userId, tz, day)).at(-1)
      const answers = await repo.latestAnswers(userId)
      const fitness = await fitnessState(userId)
      return {
        date: day,
        time_zone: tz,
        totals,
        goal: progress(totals, await goalOf(userId)),
        hourly_steps: hourly,
        heart_rate: {
          avg: hrAvg(row),
          min: row?.hrMin ?? null,
          max: row?.hrMax ?? null,
          resting: round(row?.hrResting),
          latest: latestHr ? { at: latestHr.minute.toISOString(), time: latestHr.time, bpm: hrAvg(latestHr)! } : null,
        },
        sleep: sleepSummary(day, row, new Date()),
        blood_pressure: bp
          ? { at: bp.t.toISOString(), time: localTime(bp.t, tz), systolic: bp.systolic, diastolic: bp.diastolic }
          : null,
        spo2: spo2 ? { at: spo2.t.toISOString(), time: localTime(spo2.t, tz), percent: spo2.percent } : null,
        devices: await presence(userId),
        fitness: { active: fitness.active, valid_until: fitness.valid_until },
        questionnaire: { answered: answers !== undefined, at: answers?.createdAt.toISOString() ?? null },
      }
    },

    async heartRate(userId: number, date: string | undefined): Promise<h.HeartRateReport> {
      const profile = await repo.profile(userId)
      const tz = profile.timeZone
      const day = pickDay(date, tz)
      const max = hrMax(profile, day)
      const [row] = await repo.days(userId, day, day)
      const minutes = (await repo.minutes(userId, tz, day)).filter((m) => m.hrCount > 0)
      const zoneMinutes = new Map<string, number>()
      for (const m of minutes) {
        const zone = zoneOf(m.hrSum / m.hrCount, max)
        if (zone) zoneMinutes.set(zone, (zoneMinutes.get(zone) ?? 0) + 1)
      }
      const latest = minutes.at(-1)
      return {
        date: day,
        hr_max: max,
        summary: {
          avg: hrAvg(row),
          min: row?.hrMin ?? null,
          max: row?.hrMax ?? null,
          resting: round(row?.hrResting),
          latest: latest ? { at: latest.minute.toISOString(), time: latest.time, bpm: hrAvg(latest)! } : null,
        },
        zones: zoneBounds(max).map((z) => ({ ...z, minutes: zoneMinutes.get(z.zone) ?? 0 })),
        series: minutes.map((m) => ({ time: m.time, avg: hrAvg(m)!, min: m.hrMin!, max: m.hrMax! })),
        blood_pressure: (await repo.bloodPressure(userId, tz, day)).map((b) => ({
          at: b.t.toISOString(),
          time: localTime(b.t, tz),
          systolic: b.systolic,
          diastolic: b.diastolic,
        })),
        spo2: (await repo.spo2(userId, tz, day)).map((s) => ({
          at: s.t.toISOString(),
          time: localTime(s.t, tz),
          percent: s.percent,
        })),
        raw_kept: await raw.rawKept(tz),
      }
    },

    async sleep(userId: number, date: string | undefined, lang: WireLang): Promise<h.SleepReport> {
      const profile = await repo.profile(userId)
      const day = pickDay(date, profile.timeZone)
      const [row] = await repo.days(userId, day, day)
      const segments = await repo.sleepSegments(userId, profile.timeZone, day)
      const now = new Date()
      const sleep = sleepSummary(day, row, now)
      const tenth = (x: number) => Math.round(x * 10) / 10
      return {
        date: day,
        sleep,
        in_progress: nightInProgress(row, now),
        score_inputs: sleep
          ? sleepScoreParts({
              awake: sleep.awake_min,
              light: sleep.light_min,
              deep: sleep.deep_min,
              rem: sleep.rem_min,
            }).map((p) => ({ ...p, value: tenth(p.value), points: tenth(p.points) }))
          : [],
        score_method: sleepScoreMethod(lang),
        stages: segments.map((s) => ({
          stage: s.stage as h.SleepStage,
          start: s.startAt.toISOString(),
          end: s.endAt.toISOString(),
          minutes: Math.round((s.endAt.getTime() - s.startAt.getTime()) / 60_000),
        })),
      }
    },

    pdf: (userId: number, params: { period: h.HealthPdf['period']; date?: string | undefined }, lang: WireLang) =>
      doctorPdf(repo, userId, params, lang, (tz) => raw.rawKept(tz)),

    target: goalWithProgress,

    async setTarget(userId: number, goal: Goal): Promise<h.Goal> {
      await repo.setGoal(userId, goal)
      return goalWithProgress(userId)
    },

    async authorize(userId: number, p: { exercise?: Toggle; sleep?: Toggle; heart_rate?: Toggle }) {
      const change: { exercise?: boolean; sleep?: boolean; heartRate?: boolean } = {}
      if (p.exercise) change.exercise = p.exercise === '1'
      if (p.sleep) change.sleep = p.sleep === '1'
      if (p.heart_rate) change.heartRate = p.heart_rate === '1'
      if (Object.keys(change).length > 0) {
        await repo.setConsent(userId, change)
        await hooks?.consentChanged(userId)
      }
      return authorizations(userId)
    },

    questionnaire,

    async answerQuestionnaire(userId: number, answers: string[] | undefined, lang: WireLang) {
      const given = answers ?? []
      if (given.length !== PARQ_QUESTION_COUNT || !given.every((a) => a === 'yes' || a === 'no'))
        throw new AppError('QUESTIONNAIRE_INCOMPLETE', { field: 'answers' })
      await repo.addAnswers(userId, given)
      return questionnaire(userId, lang)
    },

    async fitness(userId: number, lang: WireLang): Promise<h.FitnessReport> {
      const [{ pass, active, valid_until }, validDays, offer, profile] = await Promise.all([
        fitnessState(userId),
        fitnessDays(),
        fitnessOffer(userId),
        repo.profile(userId),
      ])
      const day = today(profile.timeZone)
      const days = (await repo.days(userId, addDays(day, -FITNESS_WINDOW_DAYS + 1), day)).filter(
        (d) => d.hrResting !== null,
      )
      const base = {
        active,
        valid_until,
        redeemed_at: pass?.redeemedAt.toISOString() ?? null,
        valid_days: validDays,
        price: offer.price,
        points: offer.points,
        data_days: days.length,
      }
      if (!active) return { ...base, report: null }
      const max = hrMax(profile, day)
      const rest = days.length ? Math.round(days.reduce((s, d) => s + d.hrResting!, 0) / days.length) : null
      const age = ageOn(profile.birthday, day)
      const vo2 = rest ? vo2max(max, rest) : null
      const sex = profile.gender === 'male' || profile.gender === 'female' ? profile.gender : ''
      const source = hrMaxSource(profile, day)
      const { confidence, spread } = vo2Confidence(source, days.length)
      const perBpm = (x: number) => Math.round(x * 100) / 100
      return {
        ...base,
        report: {
          age,
          sex,
          hr_max: max,
          hr_rest: rest,
          vo2max: vo2,
          level: vo2 === null ? null : fitnessLevel(vo2, age, sex),
          days: days.length,
          inputs: [
            { input: 'hr_max', value: max, source, per_bpm: rest ? perBpm(15.3 / rest) : null },
            {
              input: 'hr_rest',
              value: rest,
              source: 'resting_days',
              per_bpm: rest ? perBpm((-15.3 * max) / rest ** 2) : null,
            },
          ],
          method: {
            name: VO2_METHOD_NAME,
            formula: VO2_FORMULA,
            confidence,
            range:
              vo2 === null
                ? null
                : [Math.round(vo2 * (1 - spread) * 10) / 10, Math.round(vo2 * (1 + spread) * 10) / 10],
            text: vo2MethodText({ max, source, rest, days: days.length, confidence, spreadPct: spread * 100 }, lang),
          },
        },
      }
    },
  }
}
export type HealthService = ReturnType<typeof healthService>
