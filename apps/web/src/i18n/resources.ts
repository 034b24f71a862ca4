import type { Resource } from 'i18next'

/**
 * Every `locales/<lng>/<file>.json`. Each file is one feature's (or the shell's) texts and
 * is mounted under its file name, so keys read `account.register.title`. Most are bundled
 * with the first page; the files excluded here load with their feature's pages
 * (`lazyTexts.ts`), so a large feature does not grow the first route; `admin.json` belongs to
 * the operator console's own entry (`src/admin`).
 */
const files = import.meta.glob<Record<string, unknown>>(
  [
    './locales/*/*.json',
    '!./locales/*/wallet.json',
    '!./locales/*/health.json',
    '!./locales/*/device.json',
    '!./locales/*/discover.json',
    '!./locales/*/admin.json',
  ],
  { eager: true, import: 'default' },
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

export const resources = buildResources(files)
