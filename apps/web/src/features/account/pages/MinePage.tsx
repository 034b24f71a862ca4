import { SupportMenu } from '@/features/support'
import { currentLocale, LANGUAGE_NAMES } from '@/i18n'
import { Menu, MenuItem } from '@/shared/ui/Menu'
import { Page } from '@/shared/ui/Page'
import { LoadFailed, Loading } from '@/shared/ui/Status'
import { Button, Dialog } from 'antd-mobile'
import { GlobalOutline, UserSetOutline } from 'antd-mobile-icons'
import { Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useLogoutMutation, useUserInfoQuery } from '../account.queries'
import { AccountAvatar } from '../components/AccountAvatar'
import styles from './AccountPages.module.css'

/** The Mine tab. Issue 6 adds profile, devices, security, messages and support entries. */
export function MinePage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  // Signing out drops the account's queries; the profile must not be re-read meanwhile, or
  // its 401 would clear local storage (spec §4) for a sign-out the person asked for.
  const [leaving, setLeaving] = useState(false)
  const { data: user, error, refetch } = useUserInfoQuery({ enabled: !leaving })
  const logout = useLogoutMutation()
  const accountName = user ? user.email || user.phone : ''

  const signOut = async () => {
    const confirmed = await Dialog.confirm({
      content: t('account.mine.signOutConfirm'),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    })
    if (!confirmed) return
    setLeaving(true)
    logout.mutate(undefined, {
      onSuccess: (remaining) => void navigate(remaining.length > 0 ? '/switchAccount' : '/login', { replace: true }),
      onError: () => setLeaving(false),
    })
  }

  return (
    <Page title={t('account.mine.title')} back={false}>
      {error ? (
        <LoadFailed message={error.message} onRetry={() => void refetch()} />
      ) : !user ? (
        <Loading />
      ) : (
        <section className={styles.profile}>
          <AccountAvatar name={user.nickname || accountName} size={60} />
          <div className={styles.profileText}>
            <div className={styles.name}>{user.nickname || accountName}</div>
            {user.nickname && <div className={styles.accountLine}>{accountName}</div>}
          </div>
        </section>
      )}
      <Suspense fallback={null}>
        <SupportMenu />
      </Suspense>
      <Menu>
        <MenuItem
          icon={<GlobalOutline />}
          extra={LANGUAGE_NAMES[currentLocale()]}
          onClick={() => void navigate('/languageList')}
        >
          {t('account.mine.language')}
        </MenuItem>
        <MenuItem icon={<UserSetOutline />} onClick={() => void navigate('/switchAccount')}>
          {t('account.mine.switchAccount')}
        </MenuItem>
      </Menu>
      <Button className={styles.signOut} block loading={logout.isPending} onClick={() => void signOut()}>
        {t('account.mine.signOut')}
      </Button>
    </Page>
  )
}
