import { admin, LOCALES, type Locale } from '@kinetic/protocol'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Button } from 'antd-mobile'
import { useEffect, useState, type ComponentType } from 'react'
import { useTranslation } from 'react-i18next'
import { queryKeys } from '@/api/keys'
import { useMeQuery } from './admin.queries'
import { consoleCall, whenSignedOut } from './api'
import { setConsoleLanguage } from './i18n'
import { ArticlesPage } from './pages/ArticlesPage'
import { AuditPage } from './pages/AuditPage'
import { ChatsPage } from './pages/ChatsPage'
import { DevicesPage } from './pages/DevicesPage'
import { EarnSettingsPage } from './pages/EarnSettingsPage'
import { GoodsPage } from './pages/GoodsPage'
import { JobsPage } from './pages/JobsPage'
import { LoginPage } from './pages/LoginPage'
import { NoticesPage } from './pages/NoticesPage'
import { OrdersPage } from './pages/OrdersPage'
import { DepositsPage } from './pages/DepositsPage'
import { SettlementPage } from './pages/SettlementPage'
import { SupportHoursPage } from './pages/SupportHoursPage'
import { TicketsPage } from './pages/TicketsPage'
import { UsersPage } from './pages/UsersPage'
import { VersionPage } from './pages/VersionPage'
import { WorkoutReviewsPage } from './pages/WorkoutReviewsPage'

const SECTIONS = {
  chats: ChatsPage,
  tickets: TicketsPage,
  hours: SupportHoursPage,
  notices: NoticesPage,
  version: VersionPage,
  articles: ArticlesPage,
  orders: OrdersPage,
  goods: GoodsPage,
  devices: DevicesPage,
  settings: EarnSettingsPage,
  settlement: SettlementPage,
  jobs: JobsPage,
  deposits: DepositsPage,
  workouts: WorkoutReviewsPage,
  users: UsersPage,
  audit: AuditPage,
} satisfies Record<string, ComponentType>
type Section = keyof typeof SECTIONS
const isSection = (value: string): value is Section => value in SECTIONS
const LANGUAGE_NAMES: Record<Locale, string> = { 'zh-CN': '简体中文', 'en-US': 'English', 'zh-TW': '繁體中文' }

function useSection(): Section {
  const read = () => {
    const hash = location.hash.replace(/^#\/?/, '')
    return isSection(hash) ? hash : 'chats'
  }
  const [section, setSection] = useState(read)
  useEffect(() => {
    const follow = () => setSection(read())
    window.addEventListener('hashchange', follow)
    return () => window.removeEventListener('hashchange', follow)
  }, [])
  return section
}

/** The operator console: sign-in, then one section at a time (`#/chats`, `#/tickets`, …). */
export function ConsoleApp() {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const section = useSection()
  const me = useMeQuery()
  const logout = useMutation({ mutationFn: () => consoleCall(admin.logout) })

  useEffect(() => {
    whenSignedOut(() => queryClient.setQueryData(queryKeys.consoleMethod(admin.me), null))
  }, [queryClient])

  if (me.isPending) return null
  const operator = me.data?.operator
  if (!operator) return <LoginPage onSignedIn={() => void me.refetch()} />

  const Page = SECTIONS[section]
  return (
    <div className="console-shell">
      <header className="console-top">
        <span className="console-brand">{t('admin.brand')}</span>
        <select
          className="box"
          aria-label={t('admin.language')}
          value={i18n.language}
          onChange={(event) => void setConsoleLanguage(event.target.value as Locale)}
        >
          {LOCALES.map((l) => (
            <option key={l} value={l}>
              {LANGUAGE_NAMES[l]}
            </option>
          ))}
        </select>
        <span className="muted">{operator.email}</span>
        <Button
          size="small"
          onClick={() =>
            logout.mutate(undefined, {
              onSettled: () => queryClient.setQueryData(queryKeys.consoleMethod(admin.me), null),
            })
          }
        >
          {t('admin.signOut')}
        </Button>
      </header>
      <nav className="console-nav" aria-label={t('admin.brand')}>
        {(Object.keys(SECTIONS) as Section[]).map((s) => (
          <button
            key={s}
            type="button"
            aria-current={s === section ? 'page' : undefined}
            onClick={() => (location.hash = `#/${s}`)}
          >
            {t(`admin.nav.${s}`)}
          </button>
        ))}
      </nav>
      <main className="console-main">
        <Page />
      </main>
    </div>
  )
}
