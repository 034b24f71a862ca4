import type { Locale } from '@kinetic/protocol'
import type { Resource } from 'i18next'

/**
 * The texts: one `locales/<lng>/<file>.json` per feature (or the shell), mounted under its
 * file name, so keys read `account.register.title`. Three tiers keep the first route small:
 * - the shell's texts (`app`, `common`) in every language are bundled: the launch screen
 *   shows them at once;
 * - the other features' texts load per language, only the current one, while the launch
 *   screen shows (and before a language switch): `loadLanguage` in `index.ts`;
 * - the files excluded below load with their feature's pages in every language
 *   (`lazyTexts.ts`); `admin.json` belongs to the operator console's own entry (`src/admin`).
 */
const shellFiles = import.meta.glob<Record<string, unknown>>(['./locales/*/app.json', './locales/*/common.json'], {
  eager: true,
  import: 'default',
})

const featureFiles = import.meta.glob<Record<string, unknown>>(
  [
    './locales/*/*.json',
    '!./locales/*/app.json',
    '!./locales/*/common.json',
    '!./locales/*/wallet.json',
    '!./locales/*/health.json',
    '!./locales/*/device.json',
    '!./locales/*/discover.json',
    '!./locales/*/admin.json',
  ],
  { import: 'default' },
)

export function buildResources(modules: Record<string, Record<string, unknown>>): Resource {
  const resources: Resource = {}
  for (const [path, texts] of Object.entries(modules)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path)
    if (!match?.[1] || !match[2]) continue
    const translation = (resources[match[1]] ??= { translation: {} }).translation as Record<string, unknown>
    translation[match[2]] = texts
  }
  return resources
}

export const shellResources = buildResources(shellFiles)

/** The feature texts of one language (the first route's and every page's not loaded with it). */
export async function loadFeatureTexts(locale: Locale): Promise<Resource> {
  const files = Object.entries(featureFiles).filter(([path]) => path.startsWith(`./locales/${locale}/`))
  return buildResources(Object.fromEntries(await Promise.all(files.map(async ([path, load]) => [path, await load()]))))
}
