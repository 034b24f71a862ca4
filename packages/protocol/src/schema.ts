/** Building blocks for method params and results. Error messages are ErrorCodes (errors.ts). */
import { z } from 'zod'

/** A trimmed string of at most `max` characters. */
export const text = (max: number) => z.string().trim().max(max, 'FIELD_TOO_LONG')

/** A required, non-blank trimmed string. */
export const required = (max: number) => text(max).min(1, 'FIELD_REQUIRED')

/** An integer, from a JSON number or a form-encoded decimal string. */
export const int = () =>
  z.preprocess((v) => (typeof v === 'string' && /^-?\d{1,15}$/.test(v.trim()) ? Number(v) : v), z.number().int().safe())

export const id = () => int().pipe(z.number().positive())

/** An optional form value: missing, empty string or null all read as `undefined`. */
export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional())

/** A decimal amount as a string (money never travels as a float). */
export const decimal = () =>
  z
    .string()
    .trim()
    .regex(/^\d{1,30}(\.\d{1,18})?$/, 'FIELD_INVALID')

export const PAGE_LIMIT_MAX = 100

export const pageParams = {
  page: optional(int().pipe(z.number().min(1))).default(1),
  limit: optional(int().pipe(z.number().min(1).max(PAGE_LIMIT_MAX))).default(20),
}

export const listOf = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int(), page: z.number().int(), limit: z.number().int() })

export const okResult = z.object({ ok: z.literal(true) })

export const none = z.object({})

/** A result shape that the issue building the operation will define. */
export const pendingResult = z.unknown()

export const isoTime = () => z.iso.datetime({ offset: true })

/** A calendar day `YYYY-MM-DD` that exists (no 2026-02-30). */
export const calendarDay = () =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'FIELD_INVALID')
    .refine((day) => {
      const date = new Date(`${day}T00:00:00Z`)
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day
    }, 'FIELD_INVALID')

/**
 * A CSV export's range: local days in the account's time zone, both included. `from` after
 * `to` is EXPORT_RANGE_INVALID (field `from`).
 */
export const exportRange = <S extends z.ZodRawShape>(shape: S) =>
  z.object({ ...shape, from: calendarDay(), to: calendarDay() }).refine(
    (range) => {
      const { from, to } = range as { from: string; to: string }
      return from <= to
    },
    { message: 'EXPORT_RANGE_INVALID', path: ['from'] },
  )

/** A CSV file (RFC 4180, CRLF, header row of stable English keys) and what it holds. */
export const CsvFile = z.object({
  csv: z.string(),
  /** Data rows (the header not counted). */
  rows: z.number().int(),
  /** The IANA zone the times are written in (the account's), e.g. Asia/Shanghai. */
  time_zone: z.string(),
})
