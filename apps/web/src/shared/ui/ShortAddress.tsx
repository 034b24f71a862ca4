import { copyText } from '@/shared/ui/clipboard'
import { showSuccess, showToast } from '@/shared/ui/toast'
import { useTranslation } from 'react-i18next'
import styles from './ShortAddress.module.css'

/** An EVM address (0x + 40 hex digits). */
export const ADDRESS = /^0x[0-9a-fA-F]{40}$/

/** `0x1234…abcd`: the first 6 and last 4 characters of an address. */
export function shortAddress(address: string): string {
  return address.length <= 13 ? address : `${address.slice(0, 6)}…${address.slice(-4)}`
}

/** An address shortened to 0x1234…abcd; a tap copies the full address (named in its label and title). */
export function ShortAddress({ address }: { address: string }) {
  const { t } = useTranslation()
  const copy = () =>
    copyText(address).then(
      () => showSuccess(t('common.address.copied')),
      () => showToast(t('common.address.copyFailed')),
    )
  return (
    <button
      type="button"
      className={styles.address}
      title={address}
      // the name starts with what is shown (axe: label-content-name-mismatch), then says what a tap does
      aria-label={`${shortAddress(address)}, ${t('common.address.copy', { address })}`}
      onClick={() => void copy()}
    >
      {shortAddress(address)}
    </button>
  )
}
