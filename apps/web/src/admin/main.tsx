import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { ConsoleApp } from './ConsoleApp'
import './console.css'
import { initConsoleI18n } from './i18n'

const messagesLoaded = initConsoleI18n()
// The build turns design px into rem on a 37.5 root (postcss-pxtorem); the console is a
// desktop page, so its root stays at that size and a design px is a screen px.
document.documentElement.style.fontSize = '37.5px'
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 0, refetchOnWindowFocus: false, staleTime: 0 }, mutations: { retry: 0 } },
})

const container = document.getElementById('console')
if (!container) throw new Error('admin/index.html has no #console')
// the console renders once its language's messages are in (a few KB)
void messagesLoaded.finally(() =>
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ConsoleApp />
      </QueryClientProvider>
    </StrictMode>,
  ),
)
