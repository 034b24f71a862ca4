import { call, methodQuery, queryKeys } from '@/api'
import { content } from '@kinetic/protocol'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { currentSubscription, subscribeThisDevice, unsubscribeThisDevice } from './push'

const settingsKey = () => queryKeys.method(content.pushSettings)
const deviceKey = ['push', 'this-device'] as const

/** The account's switch per kind of push, and how many devices take them. */
export function usePushSettingsQuery() {
  return useQuery(methodQuery(content.pushSettings))
}

/** Whether this device has a push subscription (the browser's own state). */
export function useThisDevicePushQuery() {
  return useQuery({ queryKey: deviceKey, queryFn: async () => (await currentSubscription()) !== null, staleTime: 0 })
}

/** Turns pushes on this device on (answers why not, when it cannot) or off. */
export function useThisDevicePushMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (on: boolean) => (on ? subscribeThisDevice() : unsubscribeThisDevice().then(() => undefined)),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: deviceKey })
      void queryClient.invalidateQueries({ queryKey: settingsKey() })
    },
  })
}

export function usePushKindMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ kind, enabled }: { kind: content.PushKind; enabled: boolean }) =>
      call(content.pushSetting, { kind, enabled: enabled ? '1' : '0' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKey() }),
  })
}
