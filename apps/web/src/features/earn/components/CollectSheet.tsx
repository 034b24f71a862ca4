import { isApiError } from '@/api'
import { errorText } from '@/i18n'
import { newRequestId } from '@/shared/requestId'
import { showSuccess } from '@/shared/ui/toast'
import { formatNumber } from '@kinetic/protocol'
import { Button, Popup } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useCollectMutation } from '../earn.queries'
import { AmountField } from '@/shared/ui/AmountField'
import styles from '@/shared/ui/AmountSheet.module.css'

const AMOUNT_RE = /^\d{1,30}(\.\d{1,18})?$/

/** Collect KNT to the current wallet: the amount (at least the minimum), then the payout is queued. */
export function CollectSheet({ balance, min, onClose }: { balance: string; min: string; onClose: () => void }) {
  const { t } = useTranslation()
  const [amount, setAmount] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  // one id per sheet: a double tap or a retry collects once
  const [requestId] = useState(newRequestId)
  const collect = useCollectMutation()

  const submit = () => {
    const value = amount.trim()
    const found = !AMOUNT_RE.test(value) || Number(value) === 0 ? errorText('AMOUNT_INVALID') : null
    setProblem(found)
    if (found) return
    collect.mutate(
      { amount: value, request_id: requestId },
      {
        onSuccess: () => {
          showSuccess(t('earn.collect.done'))
          onClose()
        },
      },
    )
  }

  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} bodyClassName={styles.sheet}>
      <h2 className={styles.title}>{t('earn.collect.title')}</h2>
      <p className={styles.note}>
        {t('earn.collect.note', { balance: formatNumber(balance), min: formatNumber(min) })}
      </p>
      <AmountField
        label={t('earn.collect.amount')}
        value={amount}
        problem={problem}
        onChange={(value) => {
          setAmount(value)
          setProblem(null)
        }}
      />
      {isApiError(collect.error) && collect.error.code === 'WALLET_UNPROVEN' && (
        // the current wallet was stored before proofs: KNT goes only to a wallet proved on a device
        <p className={styles.note} role="alert">
          {t('earn.collect.unproven')} <Link to="/spot">{t('earn.collect.toWallet')}</Link>
        </p>
      )}
      <Button block color="primary" shape="rounded" loading={collect.isPending} onClick={submit}>
        {t('earn.collect.submit')}
      </Button>
    </Popup>
  )
}
