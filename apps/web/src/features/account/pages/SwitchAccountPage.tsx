import { currentAccountId } from '@/api'
import { Menu, MenuItem } from '@/shared/ui/Menu'
import { Page } from '@/shared/ui/Page'
import { EmptyState, LoadFailed, Loading } from '@/shared/ui/Status'
import { Button } from 'antd-mobile'
import { UserAddOutline } from 'antd-mobile-icons'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useActAs, useSignedInAccountsQuery } from '../account.queries'
import { AccountAvatar } from '../components/AccountAvatar'
import styles from './AccountPages.module.css'

/** Accounts signed in on this device; switching needs no password. */
export function SwitchAccountPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const actAs = useActAs()
  const { data, error, refetch } = useSignedInAccountsQuery()
  const list = data?.list ?? []
  const stored = currentAccountId()
  const currentId = list.some((item) => item.id === stored) ? stored : list[0]?.id

  const choose = (id: number) => {
    if (id !== stored) actAs(id)
    void navigate('/my', { replace: true })
  }

  return (
    <Page title={t('account.switch.title')}>
      {error ? (
        <LoadFailed message={error.message} onRetry={() => void refetch()} />
      ) : !data ? (
        <Loading />
      ) : list.length === 0 ? (
        <EmptyState text={t('common.empty')} />
      ) : (
        <Menu label={t('account.switch.title')}>
          {list.map((item) => (
            <MenuItem
              key={item.id}
              icon={<AccountAvatar name={item.nickname || item.account} />}
              description={item.nickname && item.account}
              trailing={item.id === currentId ? 'checked' : 'none'}
              onClick={() => choose(item.id)}
            >
              {item.nickname || item.account}
            </MenuItem>
          ))}
        </Menu>
      )}
      <Button
        className={styles.action}
        block
        color="primary"
        fill="outline"
        onClick={() => void navigate('/switchLogin')}
      >
        <UserAddOutline /> {t('account.switch.add')}
      </Button>
    </Page>
  )
}
