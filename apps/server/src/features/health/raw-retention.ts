import type { Db } from '../../platform/db/client.ts'
import { addDays, localTime, today } from './dates.ts'
import { partitionsRepo, RAW_TABLES } from './partitions.repo.ts'

/** The job making the raw samples' day partitions ahead and dropping those past retention. */
export const PARTITIONS_JOB = 'health.partitions'
/** Daily, just after the UTC day (and so the retention's first kept day) turns. */
export const PARTITIONS_CRON = '7 0 * * *'
/** Days ahead of today (UTC) that get their partition before their first sample. */
export const PARTITION_AHEAD_DAYS = 7
export const DEFAULT_RAW_RETENTION_DAYS = 90

const utcDay = (at: Date) => at.toISOString().slice(0, 10)

/** The first UTC midnight whose raw samples are kept at `now`: today's less `days`. */
export const rawCutoff = (now: Date, days: number): Date =>
  new Date(Date.parse(`${addDays(utcDay(now), -days)}T00:00:00Z`))

/** What a report says of the raw detail: the first local day it is complete on, and for how many days it is kept. */
export interface RawKept {
  from: string
  days: number
}

/**
 * Raw samples (per-second heart rate, per-minute steps, blood pressure, SpO2) are kept
 * `retentionDays` whole UTC days in day partitions; minute and day rollups stay for ever
 * (docs/adr/2026-11-25-raw-retention.md).
 */
export function rawStorage(db: Db, retentionDays: number) {
  const repo = partitionsRepo(db)
  /** The later of retention's cutoff and the mark the last drop left. */
  const keptFrom = async (now: Date) => {
    const cutoff = rawCutoff(now, retentionDays)
    const mark = await repo.keptFrom()
    return mark && mark > cutoff ? mark : cutoff
  }
  return {
    retentionDays,
    /**
     * The job's work at `now`: drops the days before the cutoff, then makes the partitions of
     * yesterday to PARTITION_AHEAD_DAYS ahead and of every kept day with rows in a default partition.
     */
    async maintain(now = new Date()): Promise<{ created: string[]; dropped: string[] }> {
      const cutoff = rawCutoff(now, retentionDays)
      const dropped = await repo.dropBefore(cutoff)
      const created: string[] = []
      const ahead = Array.from({ length: PARTITION_AHEAD_DAYS + 2 }, (_, i) => addDays(utcDay(now), i - 1))
      for (const table of RAW_TABLES) {
        const have = new Set(await repo.days(table))
        const want = new Set([...ahead, ...(await repo.strayDays(table, cutoff))])
        for (const day of [...want].sort())
          if (!have.has(day) && day >= utcDay(cutoff) && (await repo.create(table, day)))
            created.push(`${table}/${day}`)
      }
      return { created, dropped }
    },
    /** The first local day (in `tz`) whose raw detail is complete. */
    async rawKept(tz: string, now = new Date()): Promise<RawKept> {
      const from = await keptFrom(now)
      const day = today(tz, from)
      return { from: localTime(from, tz) === '00:00' ? day : addDays(day, 1), days: retentionDays }
    },
  }
}
export type RawStorage = ReturnType<typeof rawStorage>
