import { call, currentAccountId, methodQuery, upload } from '@/api'
import { newRequestId } from '@/shared/requestId'
import { account, earn, health, type ParamsIn } from '@kinetic/protocol'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

/** Every health answer of the acting account: what an import, a goal or a binding makes stale. */
export const healthKeyRoot = () => ['signedIn', currentAccountId(), 'health'] as const

/**
 * After a write, every health read asks the server again. A read still under way began before
 * the write and may answer without it: TanStack's invalidation reuses a first fetch in flight
 * (one with no answer yet) and would keep its answer as fresh, so such reads are cancelled first.
 */
function useInvalidateHealth() {
  const queryClient = useQueryClient()
  return async () => {
    await queryClient.cancelQueries({ queryKey: healthKeyRoot() })
    await queryClient.invalidateQueries({ queryKey: healthKeyRoot() })
  }
}

/**
 * Reports of one local day: `date` undefined is today as the server's user time zone has it.
 * The previous day's answer stays on screen while another day loads.
 */
const keep = { placeholderData: keepPreviousData }
export const useOverviewQuery = (date?: string) => useQuery({ ...methodQuery(health.well, { date }), ...keep })
export const useHeartRateQuery = (date?: string) => useQuery({ ...methodQuery(health.heartRate, { date }), ...keep })
export const useSleepQuery = (date?: string) => useQuery({ ...methodQuery(health.sleep, { date }), ...keep })

/** The last year of weekly reports (52 weeks), newest first. */
export const useWeeksQuery = () => useQuery(methodQuery(health.weekly, { limit: 52 }))
export const useWeekQuery = (date?: string) => useQuery({ ...methodQuery(health.weeklyInfo, { date }), ...keep })

/** Workouts of a day with its totals, or (`all`) every workout, newest first; `null`: not known yet. */
export const useMotionQuery = (day: string | null | 'all') =>
  useQuery({
    ...methodQuery(health.motion, { date: day === 'all' || day === null ? undefined : day, limit: 100 }),
    enabled: day !== null,
    ...keep,
  })

export const useWorkoutQuery = (id: number | null) =>
  useQuery({ ...methodQuery(health.motionInfo, { id: id ?? 0 }), enabled: id !== null })

export function useImportWorkoutMutation() {
  const invalidate = useInvalidateHealth()
  return useMutation({
    mutationFn: (params: ParamsIn<typeof health.motionImport>) => call(health.motionImport, params),
    onSuccess: invalidate,
  })
}

/** Imports health history from one file (a Kinetic export, Gadgetbridge, Garmin or Huawei). */
export function useHealthImportMutation() {
  const invalidate = useInvalidateHealth()
  return useMutation({ mutationFn: (file: File) => upload(health.healthImport, file), onSuccess: invalidate })
}

/** Asks for a review of a workout's verdict (a support ticket for its day, once per day). */
export function useWorkoutReviewMutation() {
  return useMutation({ mutationFn: (params: ParamsIn<typeof earn.workoutReview>) => call(earn.workoutReview, params) })
}

export const useFitnessQuery = () => useQuery(methodQuery(health.fitness))

export function useRedeemFitnessMutation() {
  const invalidate = useInvalidateHealth()
  // a new request id per tap: the server redeems once per id; the page shows a refusal itself
  return useMutation({
    mutationFn: () => call(health.exchangeFitness, { request_id: newRequestId() }),
    onSuccess: invalidate,
    meta: { silent: true },
  })
}

export const useQuestionnaireQuery = () => useQuery(methodQuery(health.wellInfo))

export function useAnswerQuestionnaireMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (answers: string[]) => call(health.wellInfoUp, { answers }),
    onSuccess: (questionnaire) => queryClient.setQueryData(methodQuery(health.wellInfo).queryKey, questionnaire),
  })
}

export const useGoalQuery = () => useQuery({ ...methodQuery(health.target), staleTime: 0 })

export function useSetGoalMutation() {
  const invalidate = useInvalidateHealth()
  return useMutation({
    mutationFn: (goal: ParamsIn<typeof health.targetPost>) => call(health.targetPost, goal),
    onSuccess: invalidate,
  })
}

export const useAuthorizationsQuery = () => useQuery({ ...methodQuery(health.authorize, {}), staleTime: 0 })

export function useAuthorizeMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (toggles: ParamsIn<typeof health.authorize>) => call(health.authorize, toggles),
    onSuccess: (answer) => queryClient.setQueryData(methodQuery(health.authorize, {}).queryKey, answer),
  })
}

/** A month (per day) or a year (per month) of steps, sleep, resting heart rate or weight. */
export const useTrendQuery = (metric: health.TrendMetric, period: health.TrendPeriod, date?: string) =>
  useQuery({ ...methodQuery(health.healthTrend, { metric, period, date }), ...keep })

export const useWeightLogQuery = () => useQuery(methodQuery(health.weightLog, { limit: 100 }))

/** A weight change makes the log, the trends and the profile's weight stale. */
function useWeightMutation<P>(fn: (params: P) => Promise<unknown>) {
  const queryClient = useQueryClient()
  const invalidate = useInvalidateHealth()
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await invalidate()
      await queryClient.invalidateQueries({ queryKey: methodQuery(account.userInfo).queryKey })
    },
  })
}
export const useAddWeightMutation = () =>
  useWeightMutation((p: ParamsIn<typeof health.weightAdd>) => call(health.weightAdd, p))
export const useEditWeightMutation = () =>
  useWeightMutation((p: ParamsIn<typeof health.weightEdit>) => call(health.weightEdit, p))
export const useDeleteWeightMutation = () => useWeightMutation((id: number) => call(health.weightDelete, { id }))
/** The doctor-ready PDF of the week or month holding `date` (`/v1/health_pdf`), saved as a file by the browser. */
export function usePdfMutation() {
  return useMutation({
    mutationFn: (params: ParamsIn<typeof health.healthPdf>) => call(health.healthPdf, params),
    onSuccess: (pdf) => {
      const bytes = Uint8Array.from(atob(pdf.data), (c) => c.charCodeAt(0))
      const url = URL.createObjectURL(new Blob([bytes], { type: pdf.content_type }))
      const link = document.createElement('a')
      link.href = url
      link.download = pdf.file_name
      document.body.append(link)
      link.click()
      link.remove()
      setTimeout(() => URL.revokeObjectURL(url), 10_000)
    },
  })
}
