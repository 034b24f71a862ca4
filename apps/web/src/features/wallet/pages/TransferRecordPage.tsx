import { Page } from '@/shared/ui/Page'
import { useTranslation } from 'react-i18next'
import { TransferHistory } from '../components/TransferHistory'
import { WithWallet } from '../components/WithWallet'
import { useCoinParam } from '../lib/useCoinParam'

/** /walletTransferRecord: transfer records of one coin (`?coin=`), or of the whole wallet. */
export function TransferRecordPage() {
  const { t } = useTranslation()
  const coinId = useCoinParam()
  return (
    <Page title={t('wallet.history.recordTitle')}>
      <WithWallet>{(w) => <TransferHistory walletId={w.id} coinId={coinId} />}</WithWallet>
    </Page>
  )
}

/** /walletTransferRecordHistory: the whole history of the current wallet. */
export function TransferRecordHistoryPage() {
  const { t } = useTranslation()
  return (
    <Page title={t('wallet.history.title')}>
      <WithWallet>{(w) => <TransferHistory walletId={w.id} coinId={null} />}</WithWallet>
    </Page>
  )
}
