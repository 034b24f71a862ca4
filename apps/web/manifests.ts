import { readFileSync } from 'node:fs'
import type { Plugin } from 'vite'
import { SHARE_TARGET_PATH } from './src/sw/messages'

/**
 * The web app manifests, one per language (`/manifest.<locale>.webmanifest`): the name and
 * description come from that language's `app.pwa` texts, the rest is shared. index.html links
 * the default language's; the app points the link at the interface language (sw/register.ts).
 * Built into dist and answered by the dev server.
 */
export const MANIFEST_LOCALES = ['zh-CN', 'en-US', 'zh-TW'] as const

/** The dark theme's page colour (global.css `--kn-bg`, index.html's theme-color). */
const DARK_BACKGROUND = '#0b0d12'

interface PwaTexts {
  name: string
  shortName: string
  description: string
}

function manifest(locale: (typeof MANIFEST_LOCALES)[number]): string {
  const file = new URL(`./src/i18n/locales/${locale}/app.json`, import.meta.url)
  const { pwa } = JSON.parse(readFileSync(file, 'utf8')) as { pwa: PwaTexts }
  return JSON.stringify({
    // one app whatever the language it was installed in
    id: '/',
    name: pwa.name,
    short_name: pwa.shortName,
    description: pwa.description,
    lang: locale,
    dir: 'ltr',
    start_url: '/#/homePage',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: DARK_BACKGROUND,
    theme_color: DARK_BACKGROUND,
    categories: ['health', 'fitness', 'finance'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
    // workout files shared to the installed app open the import (sw/share.ts)
    share_target: {
      action: SHARE_TARGET_PATH,
      method: 'POST',
      enctype: 'multipart/form-data',
      params: {
        files: [
          {
            name: 'file',
            accept: [
              '.fit',
              '.gpx',
              '.tcx',
              'application/gpx+xml',
              'application/vnd.garmin.tcx+xml',
              'application/vnd.ant.fit',
              'application/octet-stream',
            ],
          },
        ],
      },
    },
  })
}

export function webManifests(): Plugin {
  return {
    name: 'kinetic-web-manifests',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const locale = MANIFEST_LOCALES.find((l) => request.url === `/manifest.${l}.webmanifest`)
        if (!locale) return next()
        response.setHeader('Content-Type', 'application/manifest+json')
        response.end(manifest(locale))
      })
    },
    generateBundle() {
      for (const locale of MANIFEST_LOCALES) {
        this.emitFile({ type: 'asset', fileName: `manifest.${locale}.webmanifest`, source: manifest(locale) })
      }
    },
  }
}
