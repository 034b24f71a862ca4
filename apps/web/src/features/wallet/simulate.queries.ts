import { methodQuery } from '@/api'
import { wallet, type ParamsIn } from '@kinetic/protocol'
import { useQuery } from '@tanstack/react-query'
import type { TxPreviewProps } from './components/TxPreview'
import { failureMessage } from './lib/problems'

export type SimulateParams = ParamsIn<typeof wallet.simulate>

/** The signing terms a simulation answers with, as bigints. */
export type SimulatedTerms = { gasLimit: bigint; gasPrice: bigint; nonce: number; chainId: number }

/**
 * Runs `params` against the node (eth_call + eth_estimateGas, `/v1/simulate`) and gives the
 * preview sheet's props: what is sent, received and approved, the fee, or the reason it
 * would revert (TX_WOULD_REVERT's message) — `blocked` while there is nothing safe to sign.
 */
export function useSimulation(params: SimulateParams | null): {
  preview: TxPreviewProps
  terms: SimulatedTerms | undefined
  blocked: boolean
} {
  const query = useQuery({
    ...methodQuery(wallet.simulate, params ?? { wallet_id: 0, to: '0x0000000000000000000000000000000000000000' }),
    enabled: params !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    meta: { silent: true },
  })
  const data = query.data
  // a revert names its reason; any other failure (node down…) blocks the send just as well
  const revert = query.error ? (failureMessage(query.error) ?? query.error.message) : undefined
  return {
    preview: {
      sends: data?.sends ?? [],
      receives: data?.receives ?? [],
      approvals: data?.approvals ?? [],
      fee: data ? { bnb: data.fee, usd: data.fee_usd } : undefined,
      revert,
      loading: params !== null && query.isPending,
    },
    terms: data && {
      gasLimit: BigInt(data.gas_limit),
      gasPrice: BigInt(data.gas_price),
      nonce: data.nonce,
      chainId: data.chain_id,
    },
    blocked: !data || query.isFetching || revert !== undefined,
  }
}
