import { copyText, SECRET_CLIPBOARD_MS } from '@/shared/ui/clipboard'
import { showSuccess, showToast } from '@/shared/ui/toast'
import { Button } from 'antd-mobile'
import { FileOutline } from 'antd-mobile-icons'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import styles from './Wallet.module.css'

/** Copies `text`; a secret (words, key) is wiped from the clipboard 60 s later. */
export function useCopy(): (text: string, secret?: boolean) => void {
  const { t } = useTranslation()
  return (text, secret = false) => {
    copyText(text, secret ? { clearAfterMs: SECRET_CLIPBOARD_MS } : {}).then(
      () => showSuccess(t(secret ? 'wallet.common.copiedSecret' : 'wallet.common.copied')),
      () => showToast(t('wallet.common.copyFailed')),
    )
  }
}

/** A small round icon button that copies. */
export function CopyIcon({ text, label }: { text: string; label?: string }) {
  const { t } = useTranslation()
  const copy = useCopy()
  return (
    <button
      type="button"
      className={styles.copyIcon}
      aria-label={label ?? t('wallet.common.copy')}
      onClick={() => copy(text)}
    >
      <FileOutline />
    </button>
  )
}

/** A full-width copy button. */
export function CopyButton({ text, secret, children }: { text: string; secret?: boolean; children?: ReactNode }) {
  const { t } = useTranslation()
  const copy = useCopy()
  return (
    <Button block className={styles.outlineButton} onClick={() => copy(text, secret)}>
      <FileOutline /> {children ?? t('wallet.common.copy')}
    </Button>
  )
}
