import { admin, type MethodRef, type ParamsIn } from '@kinetic/protocol'
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { queryKeys } from '@/api/keys'
import { consoleCall } from './api'

/** Query options that call one console operation, keyed by the factory under `console`. */
export function consoleQuery<M extends MethodRef>(def: M, params?: ParamsIn<M>) {
  return queryOptions({ queryKey: queryKeys.consoleMethod(def, params), queryFn: () => consoleCall(def, params) })
}

/** Marks every kept answer of these operations stale (whatever their params), so shown ones are read again. */
export function useConsoleRefresh() {
  const queryClient = useQueryClient()
  return useCallback(
    (...defs: MethodRef[]) => {
      for (const def of defs) void queryClient.invalidateQueries({ queryKey: queryKeys.consoleMethod(def) })
    },
    [queryClient],
  )
}

/** The operator signed in to the console, or none (`retry: false`: a 401 is an answer, not a failure). */
export const useMeQuery = () => useQuery({ ...consoleQuery(admin.me), retry: false })

export const useVersionQuery = () => useQuery(consoleQuery(admin.version))
export const useNoticesQuery = () => useQuery(consoleQuery(admin.notices, { limit: 50 }))
export const useGoodsQuery = () => useQuery(consoleQuery(admin.goods, { limit: 100 }))
export const useSettlementsQuery = () => useQuery(consoleQuery(admin.settlements, { limit: 50 }))
export const useHeldDepositsQuery = () => useQuery(consoleQuery(admin.heldDeposits, { limit: 100 }))
export const useUnprovenCreditsQuery = () => useQuery(consoleQuery(admin.unprovenCredits, { limit: 100 }))
export const useChatsQuery = () => useQuery(consoleQuery(admin.chats, { limit: 100 }))
export const useEarnSettingsQuery = () => useQuery(consoleQuery(admin.earnSettings))
export const useDeviceBatchesQuery = () => useQuery(consoleQuery(admin.deviceBatches, { limit: 50 }))
export const useSupportHoursQuery = () => useQuery(consoleQuery(admin.supportHours))
export const useWorkoutDisputesQuery = () => useQuery(consoleQuery(admin.workoutDisputes, { limit: 100 }))
export const useArticlesQuery = (params: ParamsIn<typeof admin.articles>) =>
  useQuery(consoleQuery(admin.articles, params))
export const useAuditQuery = (params: ParamsIn<typeof admin.audit>) => useQuery(consoleQuery(admin.audit, params))

/** Background jobs by name, state and page; re-read every 10 s. */
export const useJobsQuery = (params: ParamsIn<typeof admin.jobs>) =>
  useQuery({ ...consoleQuery(admin.jobs, params), refetchInterval: 10_000 })

/** Orders of every user by status; re-read every 15 s. */
export const useOrdersQuery = (params: ParamsIn<typeof admin.orders>) =>
  useQuery({ ...consoleQuery(admin.orders, params), refetchInterval: 15_000 })

/** Work tickets by status; re-read every 15 s, so new tickets and user replies show up without a reload. */
export const useTicketsQuery = (params: ParamsIn<typeof admin.tickets>) =>
  useQuery({ ...consoleQuery(admin.tickets, params), refetchInterval: 15_000 })

/** One ticket with its conversation, once one is chosen. */
export const useTicketQuery = (id: number | undefined) =>
  useQuery({ ...consoleQuery(admin.ticket, { id: id ?? 0 }), enabled: id !== undefined })
