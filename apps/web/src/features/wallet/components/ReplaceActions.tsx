import { Button } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import formStyles from '@/shared/ui/Form.module.css'
import { cancelCall, replaceable, speedUpCall } from '../lib/replacement'
import type { Transfer } from '../lib/types'
import { useActiveWallet } from '../wallet.queries'
import { CallSheet } from './CallSheet'
import styles from './TxDetail.module.css'

/** Speed up / cancel under a pending send of the current wallet; each is signed on the device after its preview. */
export function ReplaceActions({ transfer }: { transfer: Transfer }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { wallet } = useActiveWallet()
  const [kind, setKind] = useState<'speedUp' | 'cancel' | null>(null)
  if (!wallet || !replaceable(transfer, wallet.address)) return null
  const call = kind === null ? null : kind === 'speedUp' ? speedUpCall(transfer) : cancelCall(transfer)
  return (
    <div className={styles.actions}>
      <Button block color="primary" className={formStyles.submit} onClick={() => setKind('speedUp')}>
        {t('wallet.replace.speedUp')}
      </Button>
      <Button block className={formStyles.secondary} onClick={() => setKind('cancel')}>
        {t('wallet.replace.cancel')}
      </Button>
      <CallSheet
        wallet={wallet}
        call={call}
        title={t(kind === 'cancel' ? 'wallet.replace.cancelTitle' : 'wallet.replace.speedUpTitle')}
        submitText={t('wallet.replace.submit')}
        onClose={() => setKind(null)}
        onSent={(hash) => {
          setKind(null)
          void navigate(`/transferResultHash?hash=${hash}`)
        }}
      >
        <p className={styles.note}>
          {t(kind === 'cancel' ? 'wallet.replace.cancelNote' : 'wallet.replace.speedUpNote')}
        </p>
      </CallSheet>
    </div>
  )
}
