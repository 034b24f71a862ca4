import i18n from 'i18next'
import { buildResources } from './resources'

/**
 * Feature texts loaded on demand, with the feature's pages (keep in step with the
 * exclusions in `resources.ts`). Import this module only from lazily loaded code, so
 * neither the texts nor this loader are part of the first route.
 */
const LAZY_TEXTS = {
  wallet: import.meta.glob<Record<string, unknown>>('./locales/*/wallet.json', { import: 'default' }),
  health: import.meta.glob<Record<string, unknown>>('./locales/*/health.json', { import: 'default' }),
  device: import.meta.glob<Record<string, unknown>>('./locales/*/device.json', { import: 'default' }),
  discover: import.meta.glob<Record<string, unknown>>('./locales/*/discover.json', { import: 'default' }),
} as const
export type LazyTexts = keyof typeof LAZY_TEXTS

const loaded = new Map<LazyTexts, Promise<void>>()

/**
 * i18next has `addResourceBundle` only once `init` ran (app/main.tsx). The router starts the first
 * page's loader while its module is evaluated, before that: a page's texts arriving first wait.
 */
const initialized = (): Promise<void> =>
  i18n.isInitialized
    ? Promise.resolve()
    : new Promise((resolve) => {
        const done = () => {
          i18n.off('initialized', done)
          resolve()
        }
        i18n.on('initialized', done)
      })

/** Adds a feature's texts in every language (once); a page awaits this before it renders. */
export function loadTexts(feature: LazyTexts): Promise<void> {
  let loading = loaded.get(feature)
  if (!loading) {
    const entries = Object.entries(LAZY_TEXTS[feature])
    const files = Promise.all(entries.map(async ([path, load]) => [path, await load()] as const))
    loading = Promise.all([files, initialized()]).then(([read]) => {
      for (const [locale, bundle] of Object.entries(buildResources(Object.fromEntries(read)))) {
        i18n.addResourceBundle(locale, 'translation', bundle.translation, true, true)
      }
    })
    loading.catch(() => loaded.delete(feature))
    loaded.set(feature, loading)
  }
  return loading
}
