import { call, currentAccountId, methodQuery } from '@/api'
import { device } from '@kinetic/protocol'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

/** Watches change what the health overview says (bound, online), so both are read again. */
function useInvalidateDevices() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all(
      (['device', 'health'] as const).map((feature) =>
        queryClient.invalidateQueries({ queryKey: ['signedIn', currentAccountId(), feature] }),
      ),
    )
}

/** My watches; re-read every 30 s so online/offline follows the uploads. */
export const useDevicesQuery = () =>
  useQuery({ ...methodQuery(device.devices, { limit: 100 }), staleTime: 0, refetchInterval: 30_000 })

export function useBindDeviceMutation() {
  const invalidate = useInvalidateDevices()
  return useMutation({
    mutationFn: (codes: { device_code: string; active_code: string }) => call(device.bindDevice, codes),
    onSuccess: invalidate,
  })
}

export function useUnbindDeviceMutation() {
  const invalidate = useInvalidateDevices()
  return useMutation({ mutationFn: (id: number) => call(device.unbindDevice, { id }), onSuccess: invalidate })
}
