import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { JOBS_SCHEMA } from './jobs.ts'

/** A job's states in pg-boss (`pgboss.job_state`). */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const
export type JobState = (typeof JOB_STATES)[number]

export interface JobRow {
  id: string
  name: string
  state: JobState
  /** Runs started so far (0 while it never ran). */
  attempts: number
  /** The key it was sent with (none: null). */
  key: string | null
  createdAt: Date
  startedAt: Date | null
  finishedAt: Date | null
  /** The last failure's message (failed, or waiting for a retry). */
  error: string | null
}

const schema = sql.raw(JOBS_SCHEMA)

/**
 * Job history read from pg-boss's tables: `job` (waiting, running and recently finished) and
 * `archive` (finished jobs pg-boss moved there after 12 h, kept 7 days). Unkeyed jobs carry
 * a key of their own starting with `~` (jobs.ts): shown as none. pg-boss's internal queues
 * (`__pgboss__…`) are left out.
 */
export function jobsRepo(db: Db) {
  const all = sql`(
    SELECT id, name, state::text AS state, retry_count, started_on, singleton_key, created_on, completed_on, output
    FROM ${schema}.job
    UNION ALL
    SELECT id, name, state::text, retry_count, started_on, singleton_key, created_on, completed_on, output
    FROM ${schema}.archive
  ) j`

  return {
    async history(filter: { name?: string; state?: JobState; page: number; limit: number }) {
      const where: SQL[] = [sql`j.name NOT LIKE '\\_\\_pgboss\\_\\_%'`]
      if (filter.name) where.push(sql`j.name = ${filter.name}`)
      if (filter.state) where.push(sql`j.state = ${filter.state}`)
      const condition = sql.join(where, sql` AND `)
      const { rows } = await db.execute<{
        id: string
        name: string
        state: JobState
        attempts: number
        key: string | null
        created_on: Date
        started_on: Date | null
        completed_on: Date | null
        error: string | null
        total: number
      }>(sql`
        SELECT j.id::text AS id, j.name, j.state,
          CASE WHEN j.started_on IS NULL THEN 0 ELSE j.retry_count + 1 END AS attempts,
          CASE WHEN j.singleton_key LIKE '~%' THEN NULL ELSE j.singleton_key END AS key,
          j.created_on, j.started_on, j.completed_on,
          CASE WHEN j.state IN ('failed', 'retry')
            THEN coalesce(j.output->>'message', j.output->'value'->>'message') END AS error,
          count(*) OVER () AS total
        FROM ${all}
        WHERE ${condition}
        ORDER BY j.created_on DESC, j.id DESC
        LIMIT ${filter.limit} OFFSET ${(filter.page - 1) * filter.limit}
      `)
      const list: JobRow[] = rows.map((r) => ({
        id: r.id,
        name: r.name,
        state: r.state,
        attempts: Number(r.attempts),
        key: r.key,
        createdAt: new Date(r.created_on),
        startedAt: r.started_on ? new Date(r.started_on) : null,
        finishedAt: r.completed_on ? new Date(r.completed_on) : null,
        error: r.error,
      }))
      let total = Number(rows[0]?.total ?? 0)
      if (rows.length === 0 && filter.page > 1) {
        const { rows: counted } = await db.execute<{ n: number }>(
          sql`SELECT count(*) AS n FROM ${all} WHERE ${condition}`,
        )
        total = Number(counted[0]?.n ?? 0)
      }
      return { list, total }
    },

    /** The job kinds pg-boss knows (its queues), for the console's filter. */
    async names(): Promise<string[]> {
      const { rows } = await db.execute<{ name: string }>(
        sql`SELECT name FROM ${schema}.queue WHERE name NOT LIKE '\\_\\_pgboss\\_\\_%' ORDER BY name`,
      )
      return rows.map((r) => r.name)
    },
  }
}
export type JobsRepo = ReturnType<typeof jobsRepo>
