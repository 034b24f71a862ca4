import { call } from '@/api'
import { CsvExportSheet } from '@/shared/ui/CsvExportSheet'
import exportStyles from '@/shared/ui/CsvExportSheet.module.css'
import { Page } from '@/shared/ui/Page'
import { wallet } from '@kinetic/protocol'
import { DownlandOutline } from 'antd-mobile-icons'
import { useState } from 'react'
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

/** /walletTransferRecordHistory: the whole history of the current wallet, exportable as CSV. */
export function TransferRecordHistoryPage() {
  const { t } = useTranslation()
  const [exporting, setExporting] = useState(false)
  const exportButton = (
    <button
      type="button"
      className={exportStyles.exportButton}
      aria-label={t('common.export.button')}
      onClick={() => setExporting(true)}
    >
      <DownlandOutline />
    </button>
  )
  return (
    <Page title={t('wallet.history.title')} right={exportButton}>
      <WithWallet>
        {(w) => (
          <>
            <TransferHistory walletId={w.id} coinId={null} />
            <CsvExportSheet
              visible={exporting}
              onClose={() => setExporting(false)}
              title={t('wallet.history.exportTitle')}
              fileName={(range) =>
                t('wallet.history.fileName', { ...range, address: `${w.address.slice(0, 6)}-${w.address.slice(-4)}` })
              }
              load={(range) => call(wallet.walletExport, { wallet_id: w.id, ...range })}
            />
          </>
        )}
      </WithWallet>
    </Page>
  )
}
