import { showSuccess } from '@/shared/ui/toast'
import { Button } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useProveMutation } from '../keys.mutations'
import type { Wallet } from '../lib/types'
import homeStyles from './Home.module.css'
import { PasswordSheet } from './PasswordSheet'
import styles from './Wallet.module.css'

/**
 * A wallet stored before proofs of control (docs/adr/2026-11-28-proof-of-control.md): why it
 * matters (its KNT deposits are held, collect does not pay to it) and the step that fixes it —
 * the wallet password, then a signature made on this device. Nothing for a proven wallet.
 */
export function ProveOwnership({ wallet }: { wallet: Wallet }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const prove = useProveMutation()
  if (wallet.proven) return null

  const confirm = async (password: string) => {
    await prove.mutateAsync({ wallet, password })
    setOpen(false)
    showSuccess(t('wallet.prove.done'))
  }

  return (
    <section className={homeStyles.proveBanner} aria-labelledby="wallet-prove">
      <h2 id="wallet-prove" className={homeStyles.proveTitle}>
        {t('wallet.prove.title')}
      </h2>
      <p>{t('wallet.prove.why')}</p>
      <Button size="small" shape="rounded" color="primary" onClick={() => setOpen(true)}>
        {t('wallet.prove.start')}
      </Button>
      <PasswordSheet
        visible={open}
        title={t('wallet.prove.title')}
        walletId={wallet.id}
        hint={wallet.hint}
        onClose={() => setOpen(false)}
        onSubmit={confirm}
        submitText={t('wallet.prove.submit')}
      >
        <p className={styles.introText}>{t('wallet.prove.intro')}</p>
      </PasswordSheet>
    </section>
  )
}
