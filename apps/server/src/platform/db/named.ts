import { sql, type Placeholder, type SQL } from 'drizzle-orm'
import { PgDialect, type PgPreparedQuery, type PreparedQueryConfig } from 'drizzle-orm/pg-core'
import type { Db } from './client.ts'
import { selectParts, type Part } from './json-rows.ts'

const dialect = new PgDialect()

/** A value of a prepared statement: the value itself, or its placeholder while the statement is built once. */
export type Param<T> = T | Placeholder<string, T>

/** Each value's placeholder, by the value's name. */
export type Placeholders<V> = { [K in keyof V]: Placeholder<string, V[K]> }

const defined = new Set<string>()
/** Each defined statement's text, built on demand (`statementText`). */
const texts = new Map<string, () => string>()

/**
 * The SQL text of a defined statement (its placeholders `$1`…), as Postgres receives it: what
 * `npm run sql:generate` writes under apps/server/sql and what the read models' tables are read from.
 */
export function statementText(name: string): string {
  const text = texts.get(name)
  if (!text) throw new Error(`no prepared statement ${name} is defined (is its module imported?)`)
  return text()
}

/**
 * A hot read's statement, built once and sent by name (docs/adr/2026-11-25-prepared-statements.md).
 * Building a statement of parts costs the process more than Postgres takes to answer it, and
 * planning it cost Postgres more than running it: `build` makes the statement once, from
 * placeholders in place of its values; each pooled connection parses it once, and after a few
 * runs Postgres keeps one plan for it. Parts take a `Param<T>` wherever a value may be a
 * placeholder (a value computed in JavaScript from another, such as a ledger owner from a
 * user id, is a value of its own). Inside a transaction it runs on the transaction's
 * connection; outside one the pool's routing (a read-only operation's replica) applies.
 */
export function prepared<V extends Record<string, unknown>, R>(
  name: string,
  build: (values: Placeholders<V>) => { sql: SQL; decode(rows: Record<string, unknown>[]): R },
): (db: Db, values: V) => Promise<R> {
  if (defined.has(name)) throw new Error(`prepared statement ${name} is defined twice`)
  defined.add(name)
  let made: { query: { sql: string; params: unknown[] }; decode(rows: Record<string, unknown>[]): R } | undefined
  const statements = new WeakMap<object, PgPreparedQuery<PreparedQueryConfig>>()
  const placeholders = new Proxy({} as Placeholders<V>, { get: (_target, key) => sql.placeholder(String(key)) })
  texts.set(name, () => dialect.sqlToQuery(build(placeholders).sql).sql)
  return async (db, values) => {
    if (!made) {
      const { sql: text, decode } = build(placeholders)
      made = { query: dialect.sqlToQuery(text), decode }
    }
    const session = db._.session
    let statement = statements.get(session)
    if (!statement) {
      statement = session.prepareQuery(made.query, undefined, name, false)
      statements.set(session, statement)
    }
    const result = (await statement.execute(values)) as { rows: Record<string, unknown>[] }
    return made.decode(result.rows)
  }
}

/** {@link prepared} for a statement of parts (`selectParts`): one row, each column decoded by its part. */
export function preparedParts<V extends Record<string, unknown>, P extends Record<string, Part<unknown>>>(
  name: string,
  parts: (values: Placeholders<V>) => P,
) {
  return prepared(name, (values: Placeholders<V>) => {
    const query = selectParts(parts(values))
    return { sql: query.sql, decode: (rows: Record<string, unknown>[]) => query.decode(rows[0]!) }
  })
}
