import { errorText } from '@/i18n'
import { newRequestId } from '@/shared/requestId'
import { showSuccess } from '@/shared/ui/toast'
import { formatNumber, isPhone, shop } from '@kinetic/protocol'
import { Button, Input, Popup, TextArea } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useBuyMutation } from '../shop.queries'
import styles from './BuySheet.module.css'

type Address = { name: string; phone: string; address: string }

/** The first problem with a shipping address, as the server would name it. */
function addressProblem(a: Address): string | null {
  if (!a.name.trim()) return errorText('FIELD_REQUIRED', { field: 'name' })
  if (!a.phone.trim()) return errorText('PHONE_REQUIRED')
  if (!isPhone(a.phone.trim())) return errorText('PHONE_INVALID')
  if (!a.address.trim()) return errorText('FIELD_REQUIRED', { field: 'address' })
  if (a.address.trim().length < 5) return errorText('FIELD_INVALID', { field: 'address' })
  return null
}

/**
 * Buying one good: a physical good asks for the shipping address first; then a
 * confirmation shows what is paid and what is left. One request id per sheet, so a double
 * tap or a retry buys once.
 */
export function BuySheet({ good, points, onClose }: { good: shop.Good; points: number; onClose: () => void }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const physical = good.kind === 'physical'
  const [step, setStep] = useState<'address' | 'confirm'>(physical ? 'address' : 'confirm')
  const [address, setAddress] = useState<Address>({ name: '', phone: '', address: '' })
  const [problem, setProblem] = useState<string | null>(null)
  const [requestId] = useState(newRequestId)
  const buy = useBuyMutation()
  const short = points < good.price
  const update = (patch: Partial<Address>) => {
    setAddress((a) => ({ ...a, ...patch }))
    setProblem(null)
  }

  const next = () => {
    const found = addressProblem(address)
    setProblem(found)
    if (!found) setStep('confirm')
  }
  const confirm = () =>
    buy.mutate(
      { id: good.id, request_id: requestId, ...(physical && address) },
      {
        onSuccess: () => {
          showSuccess(t('shop.buy.done'))
          onClose()
          void navigate('/orders')
        },
      },
    )

  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} bodyClassName={styles.sheet}>
      <h2 className={styles.title}>{t(step === 'address' ? 'shop.buy.addressTitle' : 'shop.buy.confirmTitle')}</h2>
      <p className={styles.good}>{good.name}</p>
      {step === 'address' ? (
        <form
          className={styles.form}
          onSubmit={(e) => {
            e.preventDefault()
            next()
          }}
        >
          <Input
            placeholder={t('shop.buy.name')}
            aria-label={t('shop.buy.name')}
            value={address.name}
            maxLength={shop.SHIP_NAME_MAX}
            onChange={(name) => update({ name })}
          />
          <Input
            placeholder={t('shop.buy.phone')}
            aria-label={t('shop.buy.phone')}
            inputMode="tel"
            value={address.phone}
            maxLength={11}
            onChange={(phone) => update({ phone })}
          />
          <TextArea
            placeholder={t('shop.buy.address')}
            aria-label={t('shop.buy.address')}
            value={address.address}
            maxLength={shop.SHIP_ADDRESS_MAX}
            autoSize={{ minRows: 2, maxRows: 4 }}
            onChange={(text) => update({ address: text })}
          />
          {problem && (
            <p className={styles.problem} role="alert">
              {problem}
            </p>
          )}
          <Button block color="primary" shape="rounded" type="submit">
            {t('shop.buy.next')}
          </Button>
        </form>
      ) : (
        <>
          <dl className={styles.summary}>
            <dt>{t('shop.buy.pay')}</dt>
            <dd>{t('shop.price', { points: formatNumber(good.price) })}</dd>
            <dt>{t('shop.buy.left')}</dt>
            <dd>{short ? '–' : formatNumber(points - good.price)}</dd>
            {physical && (
              <>
                <dt>{t('shop.buy.shipTo')}</dt>
                <dd>
                  {address.name} {address.phone}
                  <br />
                  {address.address}
                </dd>
              </>
            )}
          </dl>
          {short && (
            <p className={styles.problem} role="alert">
              {errorText('INSUFFICIENT_POINTS')}
            </p>
          )}
          <div className={styles.actions}>
            {physical && (
              <Button shape="rounded" onClick={() => setStep('address')}>
                {t('common.back')}
              </Button>
            )}
            <Button color="primary" shape="rounded" disabled={short} loading={buy.isPending} onClick={confirm}>
              {t(`shop.buy.confirm.${good.kind}`)}
            </Button>
          </div>
        </>
      )}
    </Popup>
  )
}
