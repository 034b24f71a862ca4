import { currentLocale } from '@/i18n'
import { newRequestId } from '@/shared/requestId'
import { showSuccess } from '@/shared/ui/toast'
import { formatNumber, type earn, type Result } from '@kinetic/protocol'
import { Button, Popup } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { usePledgeMutation } from '../discover.queries'
import { kntProblem, kntText, kntUnits } from '../knt'
import { AmountField } from '@/shared/ui/AmountField'
import styles from '@/shared/ui/AmountSheet.module.css'

type Find = Result<typeof earn.find>
const DAY_MS = 86_400_000

/**
 * Stake or unstake KNT: the amount (checked against the balance or the pledge), then a
 * confirmation of what the node will be after — and, unstaking, the cool-down and when the
 * KNT comes back. One request id per sheet, so a double tap or a retry pledges once.
 */
export function PledgeSheet({
  action,
  find,
  onClose,
}: {
  action: (typeof earn.PLEDGE_ACTIONS)[number]
  find: Find
  onClose: () => void
}) {
  const { t } = useTranslation()
  const [step, setStep] = useState<'amount' | 'confirm'>('amount')
  /** When the confirmation was reached: the release date counts from it. */
  const [confirmingSince, setConfirmingSince] = useState(0)
  const [amount, setAmount] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [requestId] = useState(newRequestId)
  const pledge = usePledgeMutation()
  const { node } = find
  const stake = action === 'stake'
  const max = stake ? find.balance : node.staked
  const title = t(`discover.${action}`)

  const next = () => {
    const value = amount.trim()
    const found = kntProblem(value, max, stake ? 'INSUFFICIENT_BALANCE' : 'PLEDGE_EXCEEDED')
    setProblem(found)
    if (found) return
    setAmount(value)
    setConfirmingSince(Date.now())
    setStep('confirm')
  }
  const confirm = () =>
    pledge.mutate(
      { action, amount, request_id: requestId },
      {
        onSuccess: () => {
          showSuccess(t('discover.sheet.done'))
          onClose()
        },
      },
    )

  const after = kntUnits(node.staked) + (stake ? kntUnits(amount || '0') : -kntUnits(amount || '0'))
  const activeAfter = after > 0n && after >= kntUnits(node.activate_min)
  const releaseAt = new Date(confirmingSince + node.cooldown_days * DAY_MS).toLocaleDateString(currentLocale())

  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} bodyClassName={styles.sheet}>
      <h2 className={styles.title}>{step === 'amount' ? title : t('discover.sheet.confirmTitle')}</h2>
      {step === 'amount' ? (
        <form
          onSubmit={(e) => {
            e.preventDefault()
            next()
          }}
        >
          <p className={styles.note}>
            {stake
              ? t('discover.sheet.stakeNote', {
                  balance: formatNumber(find.balance),
                  min: formatNumber(node.activate_min),
                })
              : t('discover.sheet.unstakeNote', { staked: formatNumber(node.staked), days: node.cooldown_days })}
          </p>
          <AmountField
            label={t('discover.sheet.amount')}
            value={amount}
            problem={problem}
            onChange={(value) => {
              setAmount(value)
              setProblem(null)
            }}
          />
          <Button block color="primary" shape="rounded" type="submit">
            {t('discover.sheet.next')}
          </Button>
        </form>
      ) : (
        <>
          <dl className={styles.summary}>
            <dt>{t('discover.sheet.amountRow')}</dt>
            <dd>
              {title} {t('discover.kntAmount', { amount: formatNumber(amount) })}
            </dd>
            <dt>{t('discover.sheet.stakedAfter')}</dt>
            <dd>{t('discover.kntAmount', { amount: formatNumber(kntText(after)) })}</dd>
            <dt>{t('discover.sheet.nodeAfter')}</dt>
            <dd>{t(activeAfter ? 'discover.node.active' : 'discover.node.inactive')}</dd>
            {!stake && (
              <>
                <dt>{t('discover.sheet.coolDown')}</dt>
                <dd>{t('discover.sheet.days', { days: node.cooldown_days })}</dd>
                <dt>{t('discover.sheet.releaseAt')}</dt>
                <dd>{releaseAt}</dd>
              </>
            )}
          </dl>
          <div className={styles.actions}>
            <Button shape="rounded" onClick={() => setStep('amount')}>
              {t('common.back')}
            </Button>
            <Button color="primary" shape="rounded" loading={pledge.isPending} onClick={confirm}>
              {title}
            </Button>
          </div>
        </>
      )}
    </Popup>
  )
}
