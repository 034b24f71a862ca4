import { createQueryClient } from '@/api'
import { Providers } from '@/app/Providers'
import { initI18n, setLanguage } from '@/i18n'
import { render as renderLayer, unmount as unmountLayer } from '@/shared/ui/reactRender'
import { showToast } from '@/shared/ui/toast'
import {
  errorMessage,
  isWireLang,
  LANGUAGE_STORAGE_KEY,
  wireLang,
  type account,
  type ErrorCode,
  type Locale,
} from '@kinetic/protocol'
import { Toast, unstableSetRender } from 'antd-mobile'
import { cleanup, configure, render, screen, type RenderResult } from '@testing-library/react'
import { userEvent, type UserEvent } from '@testing-library/user-event'
import { type ReactNode } from 'react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { afterEach, vi } from 'vitest'

/**
 * Component tests (React Testing Library, in happy-dom): a page rendered with the app's
 * providers and query client (failures shown as toasts), in a language, at a route, against a
 * server that answers the protocol methods a test lists (`{ '/v1/poststore': (params) => data }`:
 * `code: true` data, or `refuse(code)` for the protocol's error in the request's language, or a
 * promise of either for an answer that comes later; a method not listed fails the test). What was
 * asked is kept in `requests`.
 */
export interface RenderedPage extends RenderResult {
  user: UserEvent
  /** Every call the page made: the method and its form fields. */
  requests: { method: string; params: Record<string, string> }[]
  /** The route the page is on now (after a navigation). */
  location(): string
}

/** A user as the server answers one (sign-in, registration), with `patch` over the defaults. */
export function aUser(patch: Partial<account.User> = {}): account.User {
  return {
    id: 12,
    nickname: 'li.lei',
    avatar: '',
    gender: '',
    birthday: '',
    height: null,
    weight: null,
    stride: null,
    hr_zone: null,
    invite_code: 'K7PQ2M9X',
    email: '',
    phone: '',
    time_zone: 'Asia/Shanghai',
    google_bound: false,
    lang: 'us-en',
    ...patch,
  }
}

export type Answers = Record<string, (params: Record<string, string>) => unknown>

class Refusal {
  constructor(readonly code: ErrorCode) {}
}

/** The server refuses the call with `code` (its message in the request's language). */
export const refuse = (code: ErrorCode) => new Refusal(code)

let i18nStarted: Promise<void> | undefined

// toasts load their code on first use: on a busy machine that can take more than a second
configure({ asyncUtilTimeout: 5000 })
// and a test waits for several: more than vitest's 5 s, so a missing text fails by its name
vi.setConfig({ testTimeout: 20_000 })

// antd-mobile's Toast and Dialog on React 19, as the build's alias of rc-util's render does
// (apps/web/vite.config.ts); the test run loads antd-mobile from node_modules untouched
unstableSetRender((node, container) => {
  renderLayer(node, container)
  return () => unmountLayer(container)
})

export async function renderPage(
  ui: ReactNode,
  options: { locale?: Locale; route?: string; answers?: Answers } = {},
): Promise<RenderedPage> {
  const { locale = 'en-US', route = '/', answers = {} } = options
  localStorage.setItem(LANGUAGE_STORAGE_KEY, locale)
  i18nStarted ??= initI18n()
  await i18nStarted
  await setLanguage(locale)

  const requests: RenderedPage['requests'] = []
  vi.stubGlobal('fetch', async (_path: string, init: RequestInit) => {
    const params = Object.fromEntries(new URLSearchParams(String(init.body)))
    const { method = '', lang = '', ...rest } = params
    requests.push({ method, params: rest })
    const answer = answers[method]
    if (!answer) throw new Error(`the page called ${method}, which this test does not answer`)
    const data = await answer(rest)
    if (data instanceof Refusal)
      return Response.json({
        code: false,
        error: data.code,
        msg: errorMessage(data.code, isWireLang(lang) ? lang : wireLang(undefined)),
      })
    return Response.json({ code: true, data })
  })

  const queryClient = createQueryClient(showToast)
  const rendered = render(
    <Providers queryClient={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path="*" element={ui} />
        </Routes>
        <Location />
      </MemoryRouter>
    </Providers>,
  )
  return {
    ...rendered,
    user: userEvent.setup(),
    requests,
    location: () => screen.getByTestId('location').textContent ?? '',
  }
}

function Location() {
  const { pathname, search } = useLocation()
  return <output data-testid="location">{pathname + search}</output>
}

afterEach(() => {
  cleanup()
  Toast.clear()
  vi.unstubAllGlobals()
})
