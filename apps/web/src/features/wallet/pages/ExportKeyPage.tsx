import { Page } from '@/shared/ui/Page'
import { useTranslation } from 'react-i18next'
import { ExportSecret } from '../components/ExportSecret'
import { WithWallet } from '../components/WithWallet'

/** Export the private key of a wallet (derived from the words for a mnemonic wallet). */
export function ExportKeyPage() {
  const { t } = useTranslation()
  return (
    <Page title={t('wallet.export.keyTitle')}>
      <WithWallet>{(w) => <ExportSecret wallet={w} mode="key" />}</WithWallet>
    </Page>
  )
}
