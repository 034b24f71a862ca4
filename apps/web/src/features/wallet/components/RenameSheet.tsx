import { useErrorText } from '@/i18n'
import { showSuccess, showToast } from '@/shared/ui/toast'
import { wallet as protocol } from '@kinetic/protocol'
import { Button, Popup } from 'antd-mobile'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { Wallet } from '../lib/types'
import { useRenameWalletMutation } from '../wallet.queries'
import formStyles from '@/shared/ui/Form.module.css'
import styles from './Sheet.module.css'
import { TextField } from './TextField'

/** Rename a wallet (`/v1/getname`). */
export function RenameSheet({ wallet, visible, onClose }: { wallet: Wallet; visible: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const [name, setName] = useState(wallet.name)
  const [shown, setShown] = useState(visible)
  const rename = useRenameWalletMutation()
  // Start from the current name each time the sheet opens — at once, not after the opening
  // animation, which would overwrite what a quick hand already typed.
  if (visible !== shown) {
    setShown(visible)
    if (visible) setName(wallet.name)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const trimmed = name.trim()
    if (trimmed === '') return showToast(errorText('FIELD_REQUIRED', { field: 'name' }))
    rename.mutate(
      { wallet_id: wallet.id, name: trimmed },
      {
        onSuccess: () => {
          showSuccess(t('wallet.toast.modified'))
          onClose()
        },
      },
    )
  }

  return (
    <Popup visible={visible} onMaskClick={onClose} bodyClassName={styles.sheet}>
      <form className={formStyles.form} onSubmit={submit} noValidate aria-label={t('wallet.detail.rename')}>
        <header className={styles.header}>
          <h2 className={styles.title}>{t('wallet.detail.rename')}</h2>
        </header>
        <TextField
          label={t('wallet.form.name')}
          value={name}
          onChange={setName}
          maxLength={protocol.WALLET_NAME_MAX}
          clearable
        />
        <Button type="submit" block color="primary" className={formStyles.submit} loading={rename.isPending}>
          {t('wallet.common.save')}
        </Button>
      </form>
    </Popup>
  )
}
