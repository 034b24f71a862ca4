import { Page } from '@/shared/ui/Page'
import { useTranslation } from 'react-i18next'
import { ExportSecret } from '../components/ExportSecret'
import { WithWallet } from '../components/WithWallet'

/** Export (back up) the 12 words of a wallet. */
export function ExportWordsPage() {
  const { t } = useTranslation()
  return (
    <Page title={t('wallet.export.wordsTitle')}>
      <WithWallet>{(w) => <ExportSecret wallet={w} mode="words" />}</WithWallet>
    </Page>
  )
}
