import type { Browser } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { inject, phoneContext, registerThroughForm, uniqueEmail } from './support.ts'

let browser: Browser
test.beforeAll(({ browser: b }) => {
  browser = b
})

/** The `<script>` tags of an HTML page, and whether each loads a file or carries code inline. */
function scriptsOf(html: string) {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].map(([, attributes = '', body = '']) => ({
    src: /\bsrc=/.test(attributes),
    inline: body.trim() !== '',
  }))
}

test.describe('the built web app under its Content-Security-Policy', () => {
  for (const path of ['/', '/admin/'])
    test(`${path} has no inline script or handler and its CSP forbids them`, async () => {
      const response = await fetch(`${inject('baseUrl')}${path}`)
      expect(response.status).toBe(200)
      const html = await response.text()
      const scripts = scriptsOf(html)
      expect(scripts.length).toBeGreaterThan(0)
      expect(scripts.filter((s) => s.inline || !s.src)).toEqual([])
      expect(html).not.toMatch(/\son[a-z]+\s*=/i)
      expect(html).not.toMatch(/javascript:/i)

      const csp = response.headers.get('content-security-policy') ?? ''
      expect(csp).toContain("script-src 'self'")
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/)
      expect(csp).toContain("frame-ancestors 'self'")
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN')
      expect(response.headers.get('referrer-policy')).toBe('no-referrer')
    })

  for (const url of ['/#/login', '/admin/'])
    test(`${url} renders in Chromium without a single CSP violation`, async () => {
      const { page, violations } = await watchedPage()
      await page.goto(url)
      // the app rendered: a form with a password field is on both pages
      await expect.poll(() => page.locator('input[type="password"]').count(), { timeout: 15_000 }).toBeGreaterThan(0)
      expect(violations).toEqual([])
      await page.context().close()
    })

  test('runs every kind of page signed in (charts, QR codes, chat socket) without a CSP violation', async () => {
    const { page, violations } = await watchedPage()
    await registerThroughForm(page, uniqueEmail('csp'), 'csp-pass-1')
    for (const route of SIGNED_IN_ROUTES) {
      // a full load of each page, so its code runs from the start under the policy
      await page.goto('about:blank')
      await page.goto(`/#${route}`)
      await page.waitForLoadState('networkidle')
      expect(violations, route).toEqual([])
    }
    await page.context().close()
  })
})

/** Pages that draw charts, QR codes, images and the chat socket, besides forms and lists. */
const SIGNED_IN_ROUTES = [
  '/homePage',
  '/my',
  '/userInfo',
  '/userSettings',
  '/heartRate',
  '/sleepReport',
  '/weeklyReport',
  '/sportsRecord',
  '/shop',
  '/orders',
  '/invite',
  '/share',
  '/messageList',
  '/serverChat',
  '/serverWorkList',
  '/walletAdd',
  '/createWallet',
  '/rules',
]

/** A phone page that records every Content-Security-Policy violation it reports. */
async function watchedPage() {
  const context = await phoneContext(browser)
  const page = await context.newPage()
  const violations: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
  })
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy: ${event.violatedDirective} ${event.blockedURI}`)
    })
  })
  return { page, violations }
}
