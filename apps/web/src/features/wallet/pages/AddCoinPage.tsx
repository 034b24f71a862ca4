import { Page } from '@/shared/ui/Page'
import { LoadFailed, Loading } from '@/shared/ui/Status'
import { showSuccess } from '@/shared/ui/toast'
import { Button, SearchBar } from 'antd-mobile'
import { CheckOutline } from 'antd-mobile-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useAddCoinMutation, useAllBalancesQuery, useHideCoinMutation } from '../assets.queries'
import { AssetRow } from '../components/AssetRow'
import { CustomTokenForm } from '../components/CustomTokenForm'
import assetsStyles from '../components/Assets.module.css'
import styles from '../components/Wallet.module.css'
import { WithWallet } from '../components/WithWallet'
import { matchesCoin } from '../lib/search'
import type { Wallet } from '../lib/types'

/** Add coins (the listed ones, or any BEP20 token by its contract address) and remove them again. */
export function AddCoinPage() {
  const { t } = useTranslation()
  return (
    <Page title={t('wallet.addCoin.title')}>
      <WithWallet>{(w) => <AddCoins wallet={w} />}</WithWallet>
    </Page>
  )
}

function AddCoins({ wallet }: { wallet: Wallet }) {
  const { t } = useTranslation()
  const [keyword, setKeyword] = useState('')
  const { data, error, refetch } = useAllBalancesQuery(wallet.id)
  const add = useAddCoinMutation()
  const hide = useHideCoinMutation()

  const addListed = (contract: string) =>
    add.mutate({ walletId: wallet.id, contract }, { onSuccess: () => showSuccess(t('wallet.addCoin.addedToast')) })
  const remove = (coinId: number) =>
    hide.mutate({ walletId: wallet.id, coinId }, { onSuccess: () => showSuccess(t('wallet.toast.deleted')) })

  return (
    <>
      <CustomTokenForm walletId={wallet.id} />
      <h2 className={styles.sectionTitle}>{t('wallet.addCoin.listed')}</h2>
      <SearchBar
        className={styles.search}
        placeholder={t('wallet.assets.search')}
        value={keyword}
        onChange={setKeyword}
      />
      {error ? (
        <LoadFailed message={error.message} onRetry={() => void refetch()} />
      ) : !data ? (
        <Loading />
      ) : (
        <div className={styles.list}>
          {data.assets
            .filter((asset) => matchesCoin(asset, keyword))
            .map((asset) => (
              <AssetRow
                key={asset.id}
                asset={asset}
                trailing={
                  asset.contract === null ? (
                    <span className={assetsStyles.addedMark}>
                      <CheckOutline aria-hidden="true" /> {t('wallet.addCoin.added')}
                    </span>
                  ) : asset.added ? (
                    <Button
                      size="small"
                      fill="outline"
                      shape="rounded"
                      loading={hide.isPending && hide.variables.coinId === asset.id}
                      aria-label={t('wallet.addCoin.removeNamed', { symbol: asset.symbol })}
                      onClick={() => remove(asset.id)}
                    >
                      {t('wallet.addCoin.remove')}
                    </Button>
                  ) : (
                    <Button
                      size="small"
                      color="primary"
                      fill="outline"
                      shape="rounded"
                      loading={add.isPending && add.variables.contract === asset.contract}
                      aria-label={t('wallet.addCoin.addNamed', { symbol: asset.symbol })}
                      onClick={() => addListed(asset.contract as string)}
                    >
                      {t('wallet.addCoin.add')}
                    </Button>
                  )
                }
              />
            ))}
        </div>
      )}
    </>
  )
}
