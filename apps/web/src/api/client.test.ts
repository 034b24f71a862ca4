import { account, content, errorMessage, loadMessages, LOCALES, WIRE_LANGS, wireLang } from '@kinetic/protocol'
import qs from 'qs'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { call, SERVER_ERROR_DELAY_MS, upload } from './client'
import { ApiError } from './errors'
import { onApiEvent } from './events'

type Init = RequestInit & { headers: Record<string, string>; body: string; signal: AbortSignal }

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

const fetchMock = vi.fn<(url: string, init: Init) => Promise<Response>>()
const lastInit = () => fetchMock.mock.lastCall?.[1] as Init

/** A fetch that never answers by itself but rejects when its signal aborts, as fetch does. */
function pendingUntilAborted(_url: string, init: Init): Promise<Response> {
  return new Promise((_resolve, reject) => {
    init.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
  })
}

// the app loads these as it starts (i18n/index.ts)
beforeAll(() => Promise.all(WIRE_LANGS.map(loadMessages)))

beforeEach(() => {
  localStorage.clear()
  window.location.hash = ''
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
})

afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('call', () => {
  it('posts a form body with the method, the wire language and the params', async () => {
    localStorage.setItem('currentLanguage', 'en-US')
    fetchMock.mockResolvedValueOnce(json({ code: true, msg: '', data: { cooldown: 60 } }))

    await expect(call(account.sendCode, { type: 'email', account: 'a@b.co', scene: 'register' })).resolves.toEqual({
      cooldown: 60,
    })

    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe('/v1/index')
    expect(init?.method).toBe('POST')
    expect(init?.credentials).toBe('include')
    expect(init?.headers['Content-Type']).toMatch(/^application\/x-www-form-urlencoded/)
    expect(qs.parse(init?.body ?? '')).toEqual({
      type: 'email',
      account: 'a@b.co',
      scene: 'register',
      method: '/v1/send',
      lang: 'us-en',
    })
  })

  it('indexes nested arrays and sends login to its own path, in zh-cn by default', async () => {
    fetchMock.mockResolvedValueOnce(json({ code: true, msg: '', data: {} }))
    const withList = { ...account.login, name: '/v1/test' } as unknown as typeof content.appVersion
    await call(withList, { ids: [4, 5] } as never)
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/v1/login/index')
    expect(decodeURIComponent(lastInit().body)).toBe('ids[0]=4&ids[1]=5&method=/v1/test&lang=zh-cn')
  })

  it('sends X-Requested-With always and X-Account when an account is chosen', async () => {
    fetchMock.mockImplementation(async () => json({ code: true, msg: '', data: { app_version: '1.0.0' } }))
    await call(content.appVersion)
    expect(lastInit().headers['x-requested-with']).toBe('XMLHttpRequest')
    expect(lastInit().headers).not.toHaveProperty('x-account')

    localStorage.setItem('currentAccount', '42')
    await call(content.appVersion)
    expect(lastInit().headers['x-account']).toBe('42')
  })

  it('cancels the earlier of two identical requests in flight with the Chinese message', async () => {
    fetchMock.mockImplementationOnce(pendingUntilAborted)
    fetchMock.mockResolvedValueOnce(json({ code: true, msg: '', data: { app_version: '2.0.0' } }))

    const first = call(content.appVersion)
    const second = call(content.appVersion)

    await expect(first).rejects.toMatchObject({ message: '操作太频繁，请稍后再试', kind: 'superseded' })
    await expect(second).resolves.toEqual({ app_version: '2.0.0' })
  })

  it('lets different requests run side by side', async () => {
    fetchMock.mockImplementation(async (_url, init) =>
      json({ code: true, msg: '', data: { type: qs.parse(init.body).type } }),
    )
    const results = await Promise.all([
      call(content.article, { type: 'privacy' }),
      call(content.article, { type: 'protocol' }),
    ])
    expect(results.map((r) => r.type)).toEqual(['privacy', 'protocol'])
  })

  it('on code 401 clears local storage but the language, and goes to the login page', async () => {
    localStorage.setItem('currentAccount', '42')
    localStorage.setItem('currentLanguage', 'en-US')
    localStorage.setItem('somethingLocal', 'gone with the session')
    const expired = vi.fn()
    const stop = onApiEvent('sessionExpired', expired)
    fetchMock.mockResolvedValueOnce(json({ code: 401, msg: 'Token is invalid or expired, please log in again' }))

    const error = await call(account.userInfo).catch((e: unknown) => e)

    stop()
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ kind: 'session', silent: true })
    expect({ ...localStorage }).toEqual({ currentLanguage: 'en-US' })
    expect(window.location.hash).toBe('#/login')
    expect(expired).toHaveBeenCalledOnce()
  })

  it('treats an answer without code whose message names the Token as a lost session', async () => {
    localStorage.setItem('currentAccount', '7')
    fetchMock.mockResolvedValueOnce(json({ msg: 'Token missing' }))
    await expect(call(account.userInfo)).rejects.toMatchObject({ kind: 'session' })
    expect(localStorage.getItem('currentAccount')).toBeNull()
    expect(window.location.hash).toBe('#/login')
  })

  it('rejects a code:false answer with the server message, code and fields', async () => {
    fetchMock.mockResolvedValueOnce(
      json({ code: false, msg: 'Incorrect account or password', error: 'LOGIN_FAILED', fields: { password: 'x' } }),
    )
    const error = await call(account.login, { account: 'a@b.co', password: 'wrong1' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      message: 'Incorrect account or password',
      kind: 'business',
      code: 'LOGIN_FAILED',
      fields: { password: 'x' },
      silent: false,
    })
    expect(localStorage.length).toBe(0)
    expect(window.location.hash).toBe('')
  })

  it('rejects other statuses with the body message and nothing else', async () => {
    fetchMock.mockResolvedValueOnce(json({ code: false, msg: 'Too many requests, please try again later' }, 429))
    await expect(call(content.appVersion)).rejects.toMatchObject({
      message: 'Too many requests, please try again later',
      kind: 'http',
      status: 429,
    })
    expect(window.location.hash).toBe('')
  })

  it('reads a 503 without a JSON body (a proxy in front, the database restarting) as unavailable, in the language', async () => {
    localStorage.setItem('currentLanguage', 'zh-TW')
    fetchMock.mockResolvedValueOnce(new Response('<html>Service Unavailable</html>', { status: 503 }))
    await expect(call(content.appVersion)).rejects.toMatchObject({
      message: errorMessage('SERVICE_UNAVAILABLE', 'zh-hk'),
      kind: 'http',
      status: 503,
    })
  })

  it('on HTTP 500 rejects at once and runs the handler after 5000 ms', async () => {
    vi.useFakeTimers()
    const handler = vi.fn()
    const stop = onApiEvent('serverError', handler)
    fetchMock.mockResolvedValueOnce(new Response('oops', { status: 500 }))

    await expect(call(content.appVersion)).rejects.toMatchObject({ kind: 'http', status: 500, silent: true })
    vi.advanceTimersByTime(SERVER_ERROR_DELAY_MS - 1)
    expect(handler).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(handler).toHaveBeenCalledOnce()
    stop()
  })

  it('makes one attempt only when the network fails', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    await expect(call(content.appVersion)).rejects.toMatchObject({ kind: 'network' })
    expect(fetchMock).toHaveBeenCalledOnce()
  })
})

describe('offline', () => {
  it('refuses a call and an upload while the device is offline, in the language, sending nothing', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    for (const locale of LOCALES) {
      localStorage.setItem('currentLanguage', locale)
      const offline = { kind: 'offline', message: errorMessage('OFFLINE', wireLang(locale)) }
      await expect(call(content.appVersion)).rejects.toMatchObject(offline)
      await expect(upload(account.uploadImage, new Blob(['x']))).rejects.toMatchObject(offline)
    }
    expect(fetchMock).not.toHaveBeenCalled()
  })
})

describe('upload', () => {
  it('posts multipart/form-data with the method, the wire language and the file, and resolves with data', async () => {
    localStorage.setItem('currentLanguage', 'zh-TW')
    const stored = { id: 'x', url: '/v1/files/x', mime: 'image/webp', size: 3, width: 1, height: 1 }
    fetchMock.mockResolvedValueOnce(json({ code: true, msg: '', data: stored }))
    const file = new File([new Uint8Array([1, 2, 3])], 'me.png', { type: 'image/png' })

    await expect(upload(account.uploadImage, file)).resolves.toEqual(stored)
    const init = fetchMock.mock.lastCall?.[1] as RequestInit & { headers: Record<string, string> }
    expect(init.headers['x-requested-with']).toBe('XMLHttpRequest')
    expect(init.headers['Content-Type']).toBeUndefined()
    const form = init.body as FormData
    expect(form.get('method')).toBe('/v1/image')
    expect(form.get('lang')).toBe('zh-hk')
    expect((form.get('file') as File).size).toBe(3)
  })
})
