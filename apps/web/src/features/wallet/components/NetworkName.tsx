import type { wallet } from '@kinetic/protocol'
import { useTranslation } from 'react-i18next'

/** The network's name in the person's language: BNB Smart Chain, BSC Testnet, Local dev chain. */
export function useNetworkName(): (network: wallet.Network) => string {
  const { t } = useTranslation()
  return (network) => t(`wallet.network.${network.key}`, { id: network.chain_id })
}
