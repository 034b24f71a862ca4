import { call, methodQuery, queryKeys } from '@/api'
import { wallet, type ParamsIn } from '@kinetic/protocol'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

const LIST = { limit: 100 }

export function useAddressBookQuery() {
  return useQuery(methodQuery(wallet.addressBook, LIST))
}

function useInvalidateBook() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.method(wallet.addressBook, LIST) })
}

export function useSaveAddressMutation() {
  const invalidate = useInvalidateBook()
  return useMutation({
    mutationFn: (params: ParamsIn<typeof wallet.addressAdd>) => call(wallet.addressAdd, params),
    onSuccess: invalidate,
  })
}

export function useDeleteAddressMutation() {
  const invalidate = useInvalidateBook()
  return useMutation({
    mutationFn: (id: number) => call(wallet.addressDelete, { id }),
    onSuccess: invalidate,
  })
}
