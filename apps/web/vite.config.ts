import react from '@vitejs/plugin-react'
import pxtorem from 'postcss-pxtorem'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { webManifests } from './manifests'
import pkg from './package.json' with { type: 'json' }

const API = 'http://127.0.0.1:8080'

/**
 * antd-mobile's imperative layers (Toast, Dialog) render through rc-util's `render`, which
 * needs React 18's ReactDOM.render: this one uses React 19's createRoot, so the entries need
 * no `unstableSetRender` call (and the first route no regenerator runtime).
 */
const REACT_19_RENDER = {
  'rc-util/lib/React/render': decodeURIComponent(new URL('./src/shared/ui/reactRender.ts', import.meta.url).pathname),
}

/**
 * The service worker (src/sw/sw.ts, docs/adr/2026-11-24-pwa-service-worker.md): built by
 * vite-plugin-pwa with the list of files to precache injected — the app's shell, its route
 * chunks, texts and icons, not the operator console or the download page. The app registers it
 * itself (src/sw/register.ts) and the manifests are ours, one per language (manifests.ts).
 */
const serviceWorker = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/sw',
  filename: 'sw.ts',
  injectRegister: false,
  manifest: false,
  injectManifest: {
    globPatterns: ['index.html', 'assets/**/*.{js,css,woff2,svg,png}', 'icons/*.png', 'favicon.svg', '*.webmanifest'],
    globIgnores: ['admin/**', 'download/**', '.vite/**'],
    // echarts' chunk is about 1 MB: precached too, so health reports open offline
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
  },
})

export default defineConfig({
  plugins: [react(), webManifests(), serviceWorker],
  resolve: {
    alias: {
      '@': decodeURIComponent(new URL('./src', import.meta.url).pathname),
      ...REACT_19_RENDER,
    },
  },
  // the dev server's pre-bundled antd-mobile gets the same render
  optimizeDeps: { rolldownOptions: { resolve: { alias: REACT_19_RENDER } } },
  // The installed version when the host shell sets no `window.appVersion` (spec §3).
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  css: {
    postcss: {
      // Design px (375 wide) become rem on a 37.5 root; 1px hairlines stay px, and so does the
      // root font size itself (global.css's `html` rule).
      plugins: [pxtorem({ rootValue: 37.5, propList: ['*'], minPixelValue: 2, selectorBlackList: [/^html$/] })],
    },
  },
  server: {
    proxy: Object.fromEntries(['/v1', '/dev', '/download', '/healthz'].map((path) => [path, API])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: chunk graph for `npm run bench` (first-route and wallet JS sizes)
    manifest: true,
    // every browser the app supports has <link rel=modulepreload>
    modulePreload: { polyfill: false },
    // The operator console is its own entry (admin/index.html → src/admin): none of its code
    // or texts land in the app's chunks, and the app's pages never load in the console.
    rollupOptions: {
      input: {
        main: decodeURIComponent(new URL('./index.html', import.meta.url).pathname),
        admin: decodeURIComponent(new URL('./admin/index.html', import.meta.url).pathname),
      },
    },
  },
})
