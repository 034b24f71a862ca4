import { Column, is, sql, type SQL } from 'drizzle-orm'
import type { Param } from './named.ts'

/**
 * A read that is one column of a bigger statement: `sql` is a scalar subquery (a JSON value, or
 * a plain value) and `decode` turns what the driver returns for it into the repo's own row
 * type. Features hand these to another feature's repo through their `index.ts`, so a hot read
 * (Home) gathers several features' data in one round trip (docs/adr/2026-11-25-home-in-one-read.md).
 */
export interface Part<T> {
  sql: SQL
  decode(value: unknown): T
}

/** Columns (by the key the row type uses) or raw expressions with their own decoder. */
export type Fields = Record<string, Column | { sql: SQL; decode?: (value: unknown) => unknown }>

type Decoded<F extends Fields> = {
  [K in keyof F]: F[K] extends Column ? F[K]['_']['data'] | (F[K]['_']['notNull'] extends true ? never : null) : unknown
}

/** numeric (money) and int8 text keep every digit through JSON: they travel as text. */
const asText = (c: Column) => c.columnType === 'PgNumeric' || c.columnType === 'PgBigInt64'

/** `json_build_object('key', column, …)`: one row as a JSON object keyed like the row type. */
export function jsonObject(fields: Fields): SQL {
  const parts = Object.entries(fields).map(([key, f]) => {
    const value = !is(f, Column) ? f.sql : asText(f) ? sql`${f}::text` : sql`${f}`
    return sql`${sql.raw(`'${key.replace(/'/g, "''")}'`)}, ${value}`
  })
  return sql`json_build_object(${sql.join(parts, sql`, `)})`
}

/** One JSON object (as `jsonObject` built it) back into the row: each column's own driver mapping. */
export function decodeObject<F extends Fields>(fields: F, value: unknown): Decoded<F> {
  const obj = value as Record<string, unknown>
  const out: Record<string, unknown> = {}
  for (const [key, f] of Object.entries(fields)) {
    const v = obj[key]
    if (!is(f, Column)) out[key] = f.decode ? f.decode(v) : v
    else out[key] = v === null || v === undefined ? null : f.mapFromDriverValue(v)
  }
  return out as Decoded<F>
}

/**
 * `(SELECT coalesce(json_agg(<row> ORDER BY …), '[]') FROM … )`: rows of a query's `FROM … WHERE`
 * tail (`rest`) as one JSON array, in `orderBy`'s order; the first `limit` of them (after
 * `offset`) when given. Limit and offset may be a prepared statement's placeholders.
 */
export function jsonRows<F extends Fields>(
  fields: F,
  rest: SQL,
  orderBy?: SQL,
  limit?: Param<number>,
  offset?: Param<number>,
): Part<Decoded<F>[]> {
  const query =
    limit === undefined
      ? sql`(SELECT coalesce(json_agg(${jsonObject(fields)}${orderBy ? sql` ORDER BY ${orderBy}` : sql``}), '[]'::json) ${rest})`
      : // aggregated from a sorted subquery, which keeps its order (the PostgreSQL manual's own advice)
        sql`(SELECT coalesce(json_agg(t.j), '[]'::json) FROM (SELECT ${jsonObject(fields)} AS j ${rest}
              ${orderBy ? sql`ORDER BY ${orderBy}` : sql``} LIMIT ${limit}${offset === undefined ? sql`` : sql` OFFSET ${offset}`}) t)`
  return {
    sql: query,
    decode: (value) => ((value as unknown[] | null) ?? []).map((row) => decodeObject(fields, row)),
  }
}

/** `(SELECT <row> … LIMIT 1)`: at most one row as a JSON object, undefined when there is none. */
export function jsonRow<F extends Fields>(fields: F, rest: SQL): Part<Decoded<F> | undefined> {
  return {
    sql: sql`(SELECT ${jsonObject(fields)} ${rest} LIMIT 1)`,
    decode: (value) => (value === null || value === undefined ? undefined : decodeObject(fields, value)),
  }
}

/** A scalar subquery read as it is (or through `decode`). */
export function scalar<T>(query: SQL, decode: (value: unknown) => T): Part<T> {
  return { sql: sql`(${query})`, decode }
}

/**
 * Several parts as the columns of one `SELECT`, in one round trip: sends it on `run` (a repo's
 * `db.execute`) and decodes each column with its part.
 */
export function selectParts<P extends Record<string, Part<unknown>>>(
  parts: P,
): {
  sql: SQL
  decode(row: Record<string, unknown>): { [K in keyof P]: P[K] extends Part<infer T> ? T : never }
} {
  const columns = Object.entries(parts).map(([key, p]) => sql`${p.sql} AS ${sql.identifier(key)}`)
  return {
    sql: sql`SELECT ${sql.join(columns, sql`, `)}`,
    decode: (row) =>
      Object.fromEntries(Object.entries(parts).map(([key, p]) => [key, p.decode(row[key])])) as {
        [K in keyof P]: P[K] extends Part<infer T> ? T : never
      },
  }
}
