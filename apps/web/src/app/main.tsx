// first: before any schema of the protocol is built (see the module)
import '@kinetic/protocol/jitless'
import { createQueryClient, onApiEvent, queryKeys } from '@/api'
import { errorText, followStoredLanguage, initI18n } from '@/i18n'
import { unstableSetRender } from 'antd-mobile'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import './global.css'
import { installRemScaling } from './rem'
import { applyDarkTheme } from './theme'

// antd-mobile renders Toast and Dialog calls through this; React 19 has no ReactDOM.render.
unstableSetRender((node, container) => {
  const root = createRoot(container)
  root.render(node)
  return async () => root.unmount()
})

// The host shell may have set the installed version already.
window.appVersion ??= __APP_VERSION__

applyDarkTheme()
installRemScaling()
initI18n()

// Toast (and its animation library) loads on the first message, not with the first page.
const toast = (text: string) => void import('@/shared/ui/toast').then(({ showToast }) => showToast(text))

const queryClient = createQueryClient(toast)
onApiEvent('serverError', () => toast(errorText('INTERNAL')))
onApiEvent('sessionExpired', () => {
  queryClient.removeQueries({ queryKey: queryKeys.signedIn })
  void followStoredLanguage()
})

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root')
createRoot(container).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
)
