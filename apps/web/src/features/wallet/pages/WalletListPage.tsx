import { Page } from '@/shared/ui/Page'
import { EmptyState, LoadFailed, Loading } from '@/shared/ui/Status'
import { shortenMiddle } from '@kinetic/protocol'
import { Button } from 'antd-mobile'
import { AddOutline, CheckCircleFill, MoreOutline } from 'antd-mobile-icons'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import formStyles from '@/shared/ui/Form.module.css'
import { WalletAvatar } from '../components/WalletAvatar'
import manage from '../components/Manage.module.css'
import styles from '../components/Wallet.module.css'
import { useSwitchWalletMutation, useWalletsQuery } from '../wallet.queries'

/** My wallets: tap one to make it current, the ⋯ button for its details. */
export function WalletListPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { data, error, refetch } = useWalletsQuery()
  const switching = useSwitchWalletMutation()

  const choose = (id: number, current: boolean) => {
    if (current) return void navigate('/spot')
    switching.mutate(id, { onSuccess: () => void navigate('/spot') })
  }

  return (
    <Page title={t('wallet.list.title')}>
      {error ? (
        <LoadFailed message={error.message} onRetry={() => void refetch()} />
      ) : !data ? (
        <Loading />
      ) : data.list.length === 0 ? (
        <EmptyState text={t('wallet.common.empty')} />
      ) : (
        <ul className={manage.walletList}>
          {data.list.map((item) => (
            <li key={item.id} className={item.current ? `${manage.walletItem} ${manage.current}` : manage.walletItem}>
              <button
                type="button"
                className={manage.walletChoose}
                aria-current={item.current ? 'true' : undefined}
                disabled={switching.isPending}
                onClick={() => choose(item.id, item.current)}
              >
                <WalletAvatar name={item.name} />
                <span className={manage.walletText}>
                  <span className={manage.walletName}>
                    {item.name}
                    {item.current && <CheckCircleFill className={manage.currentMark} aria-hidden="true" />}
                  </span>
                  <span className={styles.mono}>{shortenMiddle(item.address, 8, 6)}</span>
                  <span className={manage.walletKind}>
                    {t(item.kind === 'mnemonic' ? 'wallet.list.kindWords' : 'wallet.list.kindKey')}
                  </span>
                </span>
              </button>
              <button
                type="button"
                className={styles.navIcon}
                aria-label={t('wallet.list.details', { name: item.name })}
                onClick={() => void navigate(`/walletDetail?id=${item.id}`)}
              >
                <MoreOutline />
              </button>
            </li>
          ))}
        </ul>
      )}
      <Button block className={formStyles.secondary} onClick={() => void navigate('/walletBind')}>
        <AddOutline /> {t('wallet.list.add')}
      </Button>
    </Page>
  )
}
