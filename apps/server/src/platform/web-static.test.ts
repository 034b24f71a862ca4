import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../test/harness.ts'

// The built web app is served with the .br / .gz copies `npm run build` writes
// (scripts/precompress.mjs) to browsers that accept them, and as is to those that do not.
const script = `console.log(${JSON.stringify('Kinetic '.repeat(400))})\n`
const page = `<!doctype html><title>Kinetic</title><body>${'<p>Kinetic</p>'.repeat(200)}</body>`
const serviceWorker = 'self.addEventListener("fetch", () => {})\n'
const manifest = JSON.stringify({ name: 'Kinetic', start_url: '/#/homePage', display: 'standalone' })
let app: TestApp
let dist: string
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'kinetic-dist-'))
  mkdirSync(path.join(dist, 'assets'))
  mkdirSync(path.join(dist, 'admin'))
  writeFileSync(path.join(dist, 'index.html'), page)
  writeFileSync(path.join(dist, 'admin/index.html'), `${page}<!-- console -->`)
  writeFileSync(path.join(dist, 'sw.js'), serviceWorker)
  writeFileSync(path.join(dist, 'manifest.en-US.webmanifest'), manifest)
  const file = path.join(dist, 'assets/index-abc.js')
  writeFileSync(file, script)
  writeFileSync(`${file}.br`, brotliCompressSync(script))
  writeFileSync(`${file}.gz`, gzipSync(script))
  app = await startTestApp({ WEB_DIST: dist })
})
afterAll(async () => {
  await app.close()
  rmSync(dist, { recursive: true, force: true })
})

const get = (encoding?: string) =>
  app.server.inject({
    method: 'GET',
    url: '/assets/index-abc.js',
    headers: encoding ? { 'accept-encoding': encoding } : {},
  })

describe('the built web app', () => {
  it('sends brotli to a browser that accepts it, gzip to one that takes only gzip', async () => {
    const br = await get('gzip, deflate, br')
    expect(br.statusCode).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['content-type']).toMatch(/javascript/)
    expect(br.rawPayload.length).toBeLessThan(script.length / 4)
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script)

    const gz = await get('gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script)
  })

  it('answers / and /admin/ with their pages, whatever the browser accepts', async () => {
    for (const [url, html] of [
      ['/', page],
      ['/admin/', `${page}<!-- console -->`],
    ])
      for (const encoding of ['gzip, deflate, br', undefined]) {
        const answer = await app.server.inject({
          method: 'GET',
          url,
          headers: encoding ? { 'accept-encoding': encoding } : {},
        })
        expect(answer.statusCode, `${url} ${encoding}`).toBe(200)
        expect(answer.headers['content-type']).toMatch(/html/)
        expect(answer.body).toBe(html)
      }
  })

  it('sends the file as it is without Accept-Encoding', async () => {
    const plain = await get()
    expect(plain.statusCode).toBe(200)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(script)
  })

  it('serves the service worker and the manifests to be checked with the server on every load', async () => {
    const sw = await app.server.inject({ method: 'GET', url: '/sw.js' })
    expect(sw.statusCode).toBe(200)
    expect(sw.headers['content-type']).toMatch(/javascript/)
    expect(sw.headers['cache-control']).toBe('no-cache')
    expect(sw.body).toBe(serviceWorker)

    const webManifest = await app.server.inject({ method: 'GET', url: '/manifest.en-US.webmanifest' })
    expect(webManifest.statusCode).toBe(200)
    expect(webManifest.headers['content-type']).toMatch(/^application\/manifest\+json/)
    expect(webManifest.headers['cache-control']).toBe('no-cache')
    expect(webManifest.json()).toMatchObject({ start_url: '/#/homePage' })

    const home = await app.server.inject({ method: 'GET', url: '/' })
    expect(home.headers['cache-control']).toBe('no-cache')
  })
})
