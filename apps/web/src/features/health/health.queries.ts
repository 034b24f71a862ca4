import { call, currentAccountId, methodQuery, upload } from '@/api'
import { newRequestId } from '@/shared/requestId'
import { earn, health, type ParamsIn } from '@kinetic/protocol'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

/** Every health answer of the acting account: what an import, a goal or a binding makes stale. */
export const healthKeyRoot = () => ['signedIn', currentAccountId(), 'health'] as const

function useInvalidateHealth() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: healthKeyRoot() })
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
