import { DEFAULT_LOCALE, isLocale, type Locale } from '@kinetic/protocol'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { ConfigProvider, setDefaultConfig } from 'antd-mobile'
import enUS from 'antd-mobile/es/locales/en-US'
import zhCN from 'antd-mobile/es/locales/zh-CN'
import zhTW from 'antd-mobile/es/locales/zh-TW'
import { useEffect, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

const ANTD_LOCALES: Record<Locale, typeof enUS> = { 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW }

/** Server state, and antd-mobile in the interface language (also for Toast and Dialog calls). */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const { i18n } = useTranslation()
  const locale = ANTD_LOCALES[isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE]
  useEffect(() => setDefaultConfig({ locale }), [locale])
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={locale}>{children}</ConfigProvider>
    </QueryClientProvider>
  )
}
