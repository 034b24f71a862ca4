import { QrCode } from '@/shared/ui/QrCode'
import { Button } from 'antd-mobile'
import { EyeInvisibleOutline, EyeOutline, ExclamationTriangleOutline } from 'antd-mobile-icons'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Wallet } from '../lib/types'
import { accountOf, unlock } from '../lib/vault'
import { CopyButton } from './CopyButton'
import formStyles from '@/shared/ui/Form.module.css'
import { PasswordSheet } from './PasswordSheet'
import manage from './Manage.module.css'
import styles from './Wallet.module.css'
import { WordGrid } from './WordGrid'

/** How long an exported secret stays on screen before it is dropped again. */
const SHOW_MS = 120_000

/**
 * Export the words or the private key: the wallet password decrypts the vault here, and
 * the secret is shown (hidden by default), copied (wiped from the clipboard after 60 s) or
 * shown as a QR code. It is dropped after two minutes, when the app goes to the background,
 * and when the screen closes.
 */
export function ExportSecret({ wallet, mode }: { wallet: Wallet; mode: 'words' | 'key' }) {
  const { t } = useTranslation()
  const [secret, setSecret] = useState<string | null>(null)
  const [visible, setVisible] = useState(false)
  const [asking, setAsking] = useState(false)

  useEffect(() => {
    if (secret === null) return
    const drop = () => {
      setSecret(null)
      setVisible(false)
    }
    const timer = setTimeout(drop, SHOW_MS)
    const onHide = () => document.hidden && drop()
    document.addEventListener('visibilitychange', onHide)
    return () => {
      clearTimeout(timer)
      document.removeEventListener('visibilitychange', onHide)
    }
  }, [secret])

  const reveal = async (password: string) => {
    const vault = await unlock(wallet.id, password)
    setSecret(mode === 'words' && vault.kind === 'mnemonic' ? vault.mnemonic : accountOf(vault).privateKey)
    setVisible(false)
    setAsking(false)
  }

  const unavailable = mode === 'words' && wallet.kind !== 'mnemonic'
  const label = t(mode === 'words' ? 'wallet.export.words' : 'wallet.export.key')

  return (
    <>
      <div className={styles.danger} role="note">
        <p className={styles.warning}>
          <ExclamationTriangleOutline aria-hidden="true" />
          <span>{t('wallet.export.warning')}</span>
        </p>
      </div>
      {unavailable ? (
        <p className={styles.introText}>{t('wallet.export.noWords')}</p>
      ) : secret === null ? (
        <Button block color="primary" className={formStyles.submit} onClick={() => setAsking(true)}>
          {t('wallet.export.view', { what: label })}
        </Button>
      ) : (
        <section className={manage.secret} aria-label={label}>
          {mode === 'words' ? (
            <WordGrid words={secret.split(' ')} {...(!visible && { onReveal: () => setVisible(true) })} />
          ) : (
            <output className={`${manage.keyBox} ${styles.mono}`}>{visible ? secret : '•'.repeat(64)}</output>
          )}
          <Button block className={formStyles.secondary} onClick={() => setVisible((v) => !v)}>
            {visible ? <EyeInvisibleOutline /> : <EyeOutline />}{' '}
            {t(visible ? 'wallet.common.hide' : 'wallet.common.show')}
          </Button>
          <CopyButton text={secret} secret />
          <p className={formStyles.note}>{t('wallet.backup.copyNote')}</p>
          {visible && (
            <div className={manage.qr}>
              <QrCode value={secret} label={t('wallet.export.qr', { what: label })} />
            </div>
          )}
        </section>
      )}
      <PasswordSheet
        visible={asking}
        title={label}
        walletId={wallet.id}
        hint={wallet.hint}
        onClose={() => setAsking(false)}
        onSubmit={reveal}
      />
    </>
  )
}
