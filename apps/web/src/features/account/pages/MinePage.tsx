import { HealthMenu } from '@/features/health'
import { UnreadBadge } from '@/features/content'
import { currentLocale, LANGUAGE_NAMES } from '@/i18n'
import { copyText } from '@/shared/ui/clipboard'
import { Menu, MenuItem } from '@/shared/ui/Menu'
import { Page } from '@/shared/ui/Page'
import { LoadFailed, Loading } from '@/shared/ui/Status'
import { showSuccess } from '@/shared/ui/toast'
import { Button, Dialog } from 'antd-mobile'
import {
  ChatAddOutline,
  CloseCircleOutline,
  GlobalOutline,
  InformationCircleOutline,
  KeyOutline,
  LockOutline,
  MailOutline,
  MessageOutline,
  SetOutline,
  UnorderedListOutline,
  UserSetOutline,
} from 'antd-mobile-icons'
import { Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useLogoutMutation, useUserInfoQuery } from '../account.queries'
import { AccountAvatar } from '../components/AccountAvatar'
import styles from './AccountPages.module.css'
import mine from './MinePages.module.css'

/** The Mine tab (spec §2 "Mine"): profile, devices and health links, security, support, settings. */
export function MinePage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const go = (path: string) => () => void navigate(path)
  // Signing out drops the account's queries; the profile must not be re-read meanwhile, or
  // its 401 would clear local storage (spec §4) for a sign-out the person asked for.
  const [leaving, setLeaving] = useState(false)
  const { data: user, error, refetch } = useUserInfoQuery({ enabled: !leaving })
  const logout = useLogoutMutation()
  const accountName = user ? user.email || user.phone : ''

  const copyInvite = async (code: string) => {
    await copyText(code)
    showSuccess(t('account.toast.copied'))
  }

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
        <div className={mine.profileSlot}>
          <Loading />
        </div>
      ) : (
        <section className={styles.profile}>
          <button
            type="button"
            className={mine.plain}
            onClick={go('/userInfo')}
            aria-label={t('account.userInfo.title')}
          >
            <AccountAvatar name={user.nickname || accountName} src={user.avatar || undefined} size={60} />
          </button>
          <div className={styles.profileText}>
            <div className={styles.name}>{user.nickname || accountName}</div>
            {user.nickname && <div className={styles.accountLine}>{accountName}</div>}
            <div className={mine.invite}>
              {t('account.mine.inviteCode')}: <span>{user.invite_code}</span>
              <button type="button" className={mine.copy} onClick={() => void copyInvite(user.invite_code)}>
                {t('account.mine.copy')}
              </button>
            </div>
          </div>
        </section>
      )}
      <Menu>
        <MenuItem icon={<UserSetOutline />} onClick={go('/userInfo')}>
          {t('account.mine.profile')}
        </MenuItem>
      </Menu>
      <HealthMenu />
      <Menu label={t('account.mine.security')}>
        <MenuItem icon={<MailOutline />} onClick={go('/accountBindEmail')}>
          {t('account.email.title')}
        </MenuItem>
        <MenuItem
          icon={<KeyOutline />}
          extra={user && (user.google_bound ? t('account.google.on') : t('account.google.off'))}
          onClick={go('/accountBindGoogle')}
        >
          {t('account.google.title')}
        </MenuItem>
        <MenuItem icon={<LockOutline />} onClick={go('/accountModifyPassword')}>
          {t('account.password.title')}
        </MenuItem>
        <MenuItem icon={<CloseCircleOutline />} onClick={go('/accountLogoff')}>
          {t('account.logoff.title')}
        </MenuItem>
      </Menu>
      <Menu>
        <MenuItem
          icon={<MessageOutline />}
          extra={
            <Suspense fallback={null}>
              <UnreadBadge />
            </Suspense>
          }
          onClick={go('/messageList')}
        >
          {t('account.mine.messages')}
        </MenuItem>
        <MenuItem icon={<ChatAddOutline />} onClick={go('/serverChat')}>
          {t('account.mine.serverChat')}
        </MenuItem>
        <MenuItem icon={<UnorderedListOutline />} onClick={go('/serverWorkList')}>
          {t('account.mine.workOrders')}
        </MenuItem>
      </Menu>
      <Menu>
        <MenuItem icon={<SetOutline />} onClick={go('/userSettings')}>
          {t('account.settings.title')}
        </MenuItem>
        <MenuItem icon={<InformationCircleOutline />} onClick={go('/aboutUs')}>
          {t('account.about.title')}
        </MenuItem>
        <MenuItem icon={<GlobalOutline />} extra={LANGUAGE_NAMES[currentLocale()]} onClick={go('/languageList')}>
          {t('account.mine.language')}
        </MenuItem>
        <MenuItem icon={<UserSetOutline />} onClick={go('/switchAccount')}>
          {t('account.mine.switchAccount')}
        </MenuItem>
      </Menu>
      <Button className={styles.signOut} block loading={logout.isPending} onClick={() => void signOut()}>
        {t('account.mine.signOut')}
      </Button>
    </Page>
  )
}
