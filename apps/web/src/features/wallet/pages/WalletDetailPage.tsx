import { Menu, MenuItem } from '@/shared/ui/Menu'
import { Page } from '@/shared/ui/Page'
import { showSuccess } from '@/shared/ui/toast'
import { Button, Dialog } from 'antd-mobile'
import {
  AddCircleOutline,
  CheckShieldOutline,
  EditSOutline,
  KeyOutline,
  LockOutline,
  TextOutline,
  UnlockOutline,
} from 'antd-mobile-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { CopyIcon } from '../components/CopyButton'
import formStyles from '@/shared/ui/Form.module.css'
import { PasswordSheet } from '../components/PasswordSheet'
import { RenameSheet } from '../components/RenameSheet'
import { WalletAvatar } from '../components/WalletAvatar'
import manage from '../components/Manage.module.css'
import styles from '../components/Wallet.module.css'
import { WithWallet } from '../components/WithWallet'
import { unlock } from '../lib/vault'
import type { Wallet } from '../lib/types'
import { useAddAccountMutation } from '../keys.mutations'
import { useDeleteWalletMutation } from '../wallet.queries'

/** One wallet: rename, export, change or reset the password, delete. */
export function WalletDetailPage() {
  const { t } = useTranslation()
  return (
    <Page title={t('wallet.detail.title')}>
      <WithWallet>{(w) => <WalletDetail wallet={w} />}</WithWallet>
    </Page>
  )
}

function WalletDetail({ wallet }: { wallet: Wallet }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [renaming, setRenaming] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const [adding, setAdding] = useState(false)
  const remove = useDeleteWalletMutation()
  const addAccount = useAddAccountMutation()
  const go = (path: string) => void navigate(`${path}?id=${wallet.id}`)

  /** The password is checked by decrypting the vault here; the server is told only then. */
  const confirmDelete = async (password: string) => {
    await unlock(wallet.id, password)
    setDeleting(false)
    const sure = await Dialog.confirm({
      title: t('wallet.detail.delete'),
      content: t('wallet.detail.deleteConfirm'),
      confirmText: t('wallet.common.delete'),
      cancelText: t('common.cancel'),
    })
    if (!sure) return
    remove.mutate(wallet.id, {
      onSuccess: () => {
        showSuccess(t('wallet.toast.deleted'))
        void navigate('/spot', { replace: true })
      },
    })
  }

  /** Derives the phrase's next account on this device; the new wallet becomes current. */
  const confirmAddAccount = async (password: string) => {
    await addAccount.mutateAsync({ wallet, password, name: (n) => t('wallet.detail.accountName', { n }) })
    setAdding(false)
    showSuccess(t('wallet.detail.accountAdded'))
    void navigate('/walletList', { replace: true })
  }

  return (
    <>
      <section className={manage.detailHead}>
        <WalletAvatar name={wallet.name} size={64} />
        <button type="button" className={manage.detailName} onClick={() => setRenaming(true)}>
          <span>{wallet.name}</span>
          <EditSOutline aria-label={t('wallet.detail.rename')} />
        </button>
        <div className={manage.detailAddress}>
          <span className={styles.mono}>{wallet.address}</span>
          <CopyIcon text={wallet.address} />
        </div>
        <span className={manage.tag}>
          {wallet.kind === 'mnemonic'
            ? `${t('wallet.list.kindWords')} · ${t(wallet.backed_up ? 'wallet.detail.backedUp' : 'wallet.detail.notBackedUp')}`
            : t('wallet.list.kindKey')}
        </span>
      </section>
      <Menu label={t('wallet.detail.security')}>
        {wallet.kind === 'mnemonic' && (
          <MenuItem icon={<TextOutline />} onClick={() => go('/walletExportWords')}>
            {t('wallet.detail.exportWords')}
          </MenuItem>
        )}
        <MenuItem icon={<KeyOutline />} onClick={() => go('/walletExportKey')}>
          {t('wallet.detail.exportKey')}
        </MenuItem>
        <MenuItem icon={<CheckShieldOutline />} onClick={() => go('/walletApprovals')}>
          {t('wallet.approvals.entry')}
        </MenuItem>
      </Menu>
      {wallet.kind === 'mnemonic' && (
        <Menu label={t('wallet.detail.accounts')}>
          <MenuItem icon={<AddCircleOutline />} onClick={() => setAdding(true)}>
            {t('wallet.detail.addAccount')}
          </MenuItem>
        </Menu>
      )}
      <Menu label={t('wallet.detail.password')}>
        <MenuItem icon={<LockOutline />} onClick={() => go('/walletModifyPassword')}>
          {t('wallet.detail.modifyPassword')}
        </MenuItem>
        <MenuItem icon={<UnlockOutline />} onClick={() => go('/walletResetPassword')}>
          {t('wallet.detail.resetPassword')}
        </MenuItem>
      </Menu>
      <Button block className={`${formStyles.secondary} ${styles.danger}`} onClick={() => setDeleting(true)}>
        {t('wallet.detail.delete')}
      </Button>
      <RenameSheet wallet={wallet} visible={renaming} onClose={() => setRenaming(false)} />
      <PasswordSheet
        visible={adding}
        title={t('wallet.detail.addAccount')}
        walletId={wallet.id}
        hint={wallet.hint}
        onClose={() => setAdding(false)}
        onSubmit={confirmAddAccount}
      >
        <p className={styles.introText}>{t('wallet.detail.addAccountIntro')}</p>
      </PasswordSheet>
      <PasswordSheet
        visible={deleting}
        title={t('wallet.detail.delete')}
        walletId={wallet.id}
        hint={wallet.hint}
        onClose={() => setDeleting(false)}
        onSubmit={confirmDelete}
      />
    </>
  )
}
