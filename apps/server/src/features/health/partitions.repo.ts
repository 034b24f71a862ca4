import { sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'

/** The raw-sample tables, each range-partitioned by UTC day of `t` (migration 0022). */
export const RAW_TABLES = ['hr_samples', 'step_samples', 'bp_samples', 'spo2_samples'] as const
export type RawTable = (typeof RAW_TABLES)[number]

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** `hr_samples_p20261125`: the partition of one UTC day. */
export const partitionOf = (table: RawTable, day: string) => `${table}_p${day.replaceAll('-', '')}`

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)

/** How long partition DDL waits for the table's lock before it fails (and the job is retried). */
const LOCK_TIMEOUT = sql.raw(`SET LOCAL lock_timeout = '10s'`)

/**
 * The DDL of the raw samples' day partitions. Days are UTC dates (`YYYY-MM-DD`); a partition
 * holds `[day 00:00 UTC, next day 00:00 UTC)`. Rows with no partition of their day sit in the
 * table's DEFAULT partition (`<table>_default`).
 */
export function partitionsRepo(db: Db) {
  return {
    /** The days that have a partition of `table`, oldest first. */
    async days(table: RawTable): Promise<string[]> {
      const result = await db.execute(sql`
        SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = ${table}::regclass ORDER BY 1`)
      const prefix = `${table}_p`
      return (result.rows as { name: string }[])
        .map((r) => r.name)
        .filter((name) => name.startsWith(prefix) && /^\d{8}$/.test(name.slice(prefix.length)))
        .map((name) => {
          const d = name.slice(prefix.length)
          return `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}`
        })
    },

    /** Days (UTC) of the rows in the default partition from `from` on: each wants its own partition. */
    async strayDays(table: RawTable, from: Date): Promise<string[]> {
      const result = await db.execute(sql`
        SELECT DISTINCT to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day FROM ${sql.identifier(`${table}_default`)}
        WHERE t >= ${from.toISOString()}::timestamptz ORDER BY 1`)
      return (result.rows as { day: string }[]).map((r) => r.day)
    },

    /**
     * Makes the partition of `day` unless it exists: under a lock on the default partition (no
     * row can land there meanwhile) the rows of that day move out of it into the new table,
     * which is then attached (Postgres builds its key and foreign key).
     */
    async create(table: RawTable, day: string): Promise<boolean> {
      if (!DAY.test(day)) throw new Error(`not a day: ${day}`)
      const name = partitionOf(table, day)
      const parent = sql.identifier(table)
      const fallback = sql.identifier(`${table}_default`)
      const part = sql.identifier(name)
      const lo = `${day} 00:00:00+00`
      const hi = `${nextDay(day)} 00:00:00+00`
      return db.transaction(async (tx) => {
        await tx.execute(LOCK_TIMEOUT)
        await tx.execute(sql`LOCK TABLE ${fallback} IN ACCESS EXCLUSIVE MODE`)
        const found = await tx.execute(sql`SELECT to_regclass(${name}) IS NOT NULL AS found`)
        if ((found.rows[0] as { found: boolean }).found) return false
        await tx.execute(sql`CREATE TABLE ${part} (LIKE ${parent})`)
        await tx.execute(sql`
          WITH moved AS (
            DELETE FROM ${fallback} WHERE t >= ${lo}::timestamptz AND t < ${hi}::timestamptz RETURNING *
          ) INSERT INTO ${part} SELECT * FROM moved`)
        // bounds are literals in DDL (no parameters); `day` was checked above
        await tx.execute(
          sql`ALTER TABLE ${parent} ATTACH PARTITION ${part} FOR VALUES FROM (${sql.raw(`'${lo}'`)}) TO (${sql.raw(`'${hi}'`)})`,
        )
        return true
      })
    },

    /**
     * Raw samples are kept from `keptFrom` (a UTC midnight) on, in one transaction: the mark
     * moves (never back), every day partition before it is dropped and the default partition's
     * older rows are deleted. Answers the days dropped.
     */
    async dropBefore(keptFrom: Date): Promise<string[]> {
      const before = keptFrom.toISOString().slice(0, 10)
      const dropped: string[] = []
      await db.transaction(async (tx) => {
        await tx.execute(LOCK_TIMEOUT)
        await tx.execute(sql`
          INSERT INTO raw_retention (id, kept_from) VALUES (1, ${keptFrom.toISOString()}::timestamptz)
          ON CONFLICT (id) DO UPDATE SET kept_from = GREATEST(raw_retention.kept_from, excluded.kept_from)`)
        for (const table of RAW_TABLES) {
          for (const day of await partitionsRepo(tx).days(table)) {
            if (day >= before) continue
            await tx.execute(sql`DROP TABLE ${sql.identifier(partitionOf(table, day))}`)
            dropped.push(`${table}/${day}`)
          }
          await tx.execute(
            sql`DELETE FROM ${sql.identifier(`${table}_default`)} WHERE t < ${keptFrom.toISOString()}::timestamptz`,
          )
        }
      })
      return dropped
    },

    /** Where raw samples start: the mark the last drop left (none before the first). */
    async keptFrom(): Promise<Date | null> {
      const result = await db.execute(sql`SELECT kept_from FROM raw_retention WHERE id = 1`)
      const row = result.rows[0] as { kept_from: string | Date } | undefined
      return row ? new Date(row.kept_from) : null
    },
  }
}
