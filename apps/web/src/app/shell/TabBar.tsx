import { AppOutline, CompassOutline, PayCircleOutline, ShopbagOutline, UserOutline } from 'antd-mobile-icons'
import { UnreadBadge } from '@/features/content'
import { Suspense, type ComponentType } from 'react'
import { useTranslation } from 'react-i18next'
import { NavLink } from 'react-router'
import styles from './TabBar.module.css'

type Tab = {
  path: string
  label: 'app.tabs.home' | 'app.tabs.discover' | 'app.tabs.product' | 'app.tabs.wallet' | 'app.tabs.mine'
  Icon: ComponentType
}

/** Spec §2: the tab-bar routes (the spec's "Contract" entry has no route of its own). */
const TABS: readonly Tab[] = [
  { path: '/homePage', label: 'app.tabs.home', Icon: AppOutline },
  { path: '/find', label: 'app.tabs.discover', Icon: CompassOutline },
  { path: '/product', label: 'app.tabs.product', Icon: ShopbagOutline },
  { path: '/spot', label: 'app.tabs.wallet', Icon: PayCircleOutline },
  { path: '/my', label: 'app.tabs.mine', Icon: UserOutline },
]

export function TabBar() {
  const { t } = useTranslation()
  return (
    <nav className={styles.bar} aria-label={t('app.tabs.label')}>
      {TABS.map(({ path, label, Icon }) => (
        <NavLink
          key={path}
          to={path}
          replace
          className={({ isActive }) => (isActive ? `${styles.tab} ${styles.active}` : styles.tab)}
        >
          {path === '/my' ? (
            <Suspense fallback={<Icon />}>
              <UnreadBadge>
                <Icon />
              </UnreadBadge>
            </Suspense>
          ) : (
            <Icon />
          )}
          <span>{t(label)}</span>
        </NavLink>
      ))}
    </nav>
  )
}
