import { createHash } from 'node:crypto'

/**
 * Seeded texts that follow their catalog (docs/adr/2026-11-24-seeded-text-versions.md). A
 * seeded row stores `seed_version`, the version of the texts the seed wrote; at start the
 * seed compares the row with the catalog and replaces its texts only where nobody changed
 * them since the seed wrote them.
 */

/** JSON with object keys sorted, so texts read back from jsonb hash as they were written. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

/** The version of a row's texts: a hash of them (any change of a text is a new version). */
export function textVersion(texts: unknown): string {
  return createHash('sha256').update(canonical(texts)).digest('hex').slice(0, 32)
}

/**
 * What the seed does with a stored row, given its texts and `seed_version` now and the catalog's texts:
 * - `none`: the row has the catalog's texts and their version;
 * - `mark`: the row has the catalog's texts but not their version (a row from before versions were stored);
 * - `update`: the row still has the texts a seed wrote (its version), or those of an earlier catalog
 *   listed in `former` (as texts) or `formerVersions` (as their {@link textVersion}, for long texts)
 *   — rows from before versions were stored: it takes the catalog's texts;
 * - `keep`: anything else is an operator's edit, and stays.
 */
export function seedDecision(
  row: { texts: unknown; seedVersion: string | null },
  catalogTexts: unknown,
  former: readonly unknown[] = [],
  formerVersions: readonly string[] = [],
): 'none' | 'mark' | 'update' | 'keep' {
  const now = textVersion(row.texts)
  const target = textVersion(catalogTexts)
  if (now === target) return row.seedVersion === target ? 'none' : 'mark'
  if (row.seedVersion !== null && now === row.seedVersion) return 'update'
  if (row.seedVersion === null && (formerVersions.includes(now) || former.some((texts) => textVersion(texts) === now)))
    return 'update'
  return 'keep'
}
