import { methodQuery } from '@/api'
import { earn } from '@kinetic/protocol'
import { useQuery } from '@tanstack/react-query'

/** Where a deposit goes (treasury, token, network) and my deposits; re-read while one is pending. */
export function useDepositsQuery(chainId: number | undefined) {
  return useQuery({
    ...methodQuery(earn.deposits, chainId === undefined ? {} : { chain_id: chainId }),
    staleTime: 0,
    meta: { silent: true },
    refetchInterval: (query) => (query.state.data?.list.some((d) => d.status === 'pending') ? 3_000 : 15_000),
  })
}
