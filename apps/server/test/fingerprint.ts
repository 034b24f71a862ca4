import type { TestApp } from './harness.ts'

/**
 * Tables a refused request may write by design, with why. Everything else in the database
 * must read the same after any answer with `code: false`.
 */
export const WRITTEN_WHEN_REFUSED: Record<string, string> = {
  login_attempts: 'a failed sign-in is counted (the per-account limit)',
  verification_codes: 'a wrong code uses up one of its five tries',
  sessions: 'any signed-in request may slide the session expiry',
  device_bind_failures: 'a wrong device or activation code is counted (10 an hour per account)',
}

/** One md5 per table of the whole content, for every table but WRITTEN_WHEN_REFUSED. */
export async function fingerprint(app: TestApp): Promise<Record<string, string>> {
  const { pool } = app.database
  const { rows: tables } = await pool.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> ALL($1) ORDER BY 1`,
    [Object.keys(WRITTEN_WHEN_REFUSED)],
  )
  const union = tables
    .map(
      ({ name }) =>
        `SELECT '${name}' AS t, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM "${name}" x`,
    )
    .join(' UNION ALL ')
  const { rows } = await pool.query<{ t: string; h: string }>(union)
  return Object.fromEntries(rows.map((r) => [r.t, r.h]))
}
