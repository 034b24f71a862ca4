import { Page } from '@/shared/ui/Page'
import { useTranslation } from 'react-i18next'
import { SwapForm } from '../components/SwapForm'
import { WithWallet } from '../components/WithWallet'

/** Exchange one coin for another through the chain's V2 router; signed in this browser. */
export function ExchangePage() {
  const { t } = useTranslation()
  return (
    <Page title={t('wallet.exchange.title')}>
      <WithWallet>{(w) => <SwapForm wallet={w} />}</WithWallet>
    </Page>
  )
}
