import { antdLocale } from '@/i18n'
import { DEFAULT_LOCALE, isLocale } from '@kinetic/protocol'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { ConfigProvider, setDefaultConfig } from 'antd-mobile'
import { useEffect, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

/** Server state, and antd-mobile in the interface language (also for Toast and Dialog calls). */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const { i18n } = useTranslation()
  const locale = antdLocale(isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE)
  useEffect(() => setDefaultConfig({ locale }), [locale])
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={locale}>{children}</ConfigProvider>
    </QueryClientProvider>
  )
}
