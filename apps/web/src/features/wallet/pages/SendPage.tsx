import { Page } from '@/shared/ui/Page'
import { useTranslation } from 'react-i18next'
import { SendForm } from '../components/SendForm'
import { WithWallet } from '../components/WithWallet'

/** Send BNB or a BEP20 token; signed in this browser, broadcast by the server. */
export function SendPage() {
  const { t } = useTranslation()
  return (
    <Page title={t('wallet.send.title')}>
      <WithWallet>{(w) => <SendForm wallet={w} />}</WithWallet>
    </Page>
  )
}
