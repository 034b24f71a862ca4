import { createQueryClient, onApiEvent, queryKeys } from '@/api'
import { errorText, followStoredLanguage, initI18n } from '@/i18n'
import { registerServiceWorker } from '@/sw/register'
import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { installRemScaling } from './rem'
import { applyDarkTheme } from './theme'

// The host shell may have set the installed version already.
window.appVersion ??= __APP_VERSION__

applyDarkTheme()
installRemScaling()
// The current language's feature texts load while the launch screen shows.
const textsLoaded = initI18n()

// Toast (and its animation library) loads on the first message, not with the first page.
const toast = (text: string) => void import('@/shared/ui/toast').then(({ showToast }) => showToast(text))

const queryClient = createQueryClient(toast)
// The last-known answers of the acting account, shown offline; restored before the first page.
const offlineCopy = import('@/api/offline')
const restored = offlineCopy.then(({ startOfflineCopy }) => startOfflineCopy(queryClient))
onApiEvent('serverError', () => toast(errorText('INTERNAL')))
onApiEvent('sessionExpired', () => {
  queryClient.removeQueries({ queryKey: queryKeys.signedIn })
  void offlineCopy.then(({ forgetAllOfflineCopies }) => forgetAllOfflineCopies())
  void followStoredLanguage()
})
registerServiceWorker()

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root')
const root = createRoot(container)
// The launch screen is already painted (index.html): the app renders in slices that leave
// the main thread free, not in one long task.
startTransition(() =>
  root.render(
    <StrictMode>
      <App queryClient={queryClient} ready={Promise.all([textsLoaded, restored])} />
    </StrictMode>,
  ),
)
