import { useErrorText } from '@/i18n'
import { showSuccess, showToast } from '@/shared/ui/toast'
import { addressProblem } from '@kinetic/wallet-core'
import { Button } from 'antd-mobile'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useAddCoinMutation } from '../assets.queries'
import type { Coin } from '../lib/types'
import { CoinIcon } from './CoinIcon'
import formStyles from '@/shared/ui/Form.module.css'
import { TextField } from './TextField'
import assetsStyles from './Assets.module.css'
import styles from './Wallet.module.css'

/** Add a BEP20 token by contract; the server reads its name, symbol and decimals on-chain. */
export function CustomTokenForm({ walletId }: { walletId: number }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const [contract, setContract] = useState('')
  const [added, setAdded] = useState<Coin | null>(null)
  const add = useAddCoinMutation()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setAdded(null)
    const address = contract.trim()
    const problem = addressProblem(address)
    if (problem) return showToast(errorText(problem))
    add.mutate(
      { walletId, contract: address },
      {
        onSuccess: ({ coin }) => {
          setAdded(coin)
          setContract('')
          showSuccess(t('wallet.addCoin.addedToast'))
        },
      },
    )
  }

  return (
    <section className={styles.card} aria-labelledby="wallet-custom-token">
      <h2 id="wallet-custom-token" className={styles.cardTitle}>
        {t('wallet.addCoin.custom')}
      </h2>
      <form className={formStyles.form} onSubmit={submit} noValidate>
        <TextField label={t('wallet.addCoin.contract')} value={contract} onChange={setContract} maxLength={42} mono />
        <Button type="submit" block color="primary" className={formStyles.secondary} loading={add.isPending}>
          {t('wallet.addCoin.addContract')}
        </Button>
      </form>
      {added && (
        <dl className={assetsStyles.tokenFacts} aria-label={t('wallet.addCoin.result')}>
          <CoinIcon symbol={added.symbol} logo={added.logo} size={36} />
          <div>
            <dt>{t('wallet.addCoin.symbol')}</dt>
            <dd>{added.symbol}</dd>
          </div>
          <div>
            <dt>{t('wallet.addCoin.name')}</dt>
            <dd>{added.name}</dd>
          </div>
          <div>
            <dt>{t('wallet.addCoin.decimals')}</dt>
            <dd>{added.decimals}</dd>
          </div>
        </dl>
      )}
    </section>
  )
}
