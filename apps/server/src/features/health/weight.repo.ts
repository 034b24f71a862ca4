import { and, count, desc, eq, gte, lte, ne } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { weightEntries } from './weight.tables.ts'

/** Postgres unique_violation (drizzle wraps the driver's error in `cause`). */
function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code, cause } = error as { code?: unknown; cause?: unknown }
  return code === '23505' || isUniqueViolation(cause)
}

export type WeightRow = { id: number; day: string; weightKg: number }

const columns = { id: weightEntries.id, day: weightEntries.day, weightKg: weightEntries.weightKg }
const own = (userId: number, id: number) => and(eq(weightEntries.id, id), eq(weightEntries.userId, userId))

/** The weight log's SQL: every statement is scoped to the user, so another user's id finds nothing. */
export function weightRepo(db: Db) {
  return {
    async page(userId: number, page: number, limit: number): Promise<{ rows: WeightRow[]; total: number }> {
      const rows = await db
        .select(columns)
        .from(weightEntries)
        .where(eq(weightEntries.userId, userId))
        .orderBy(desc(weightEntries.day))
        .limit(limit)
        .offset((page - 1) * limit)
      const [total] = await db.select({ n: count() }).from(weightEntries).where(eq(weightEntries.userId, userId))
      return { rows, total: total?.n ?? 0 }
    },

    /** Entries from `from` to `to` (inclusive), oldest first. */
    async between(userId: number, from: string, to: string): Promise<WeightRow[]> {
      return db
        .select(columns)
        .from(weightEntries)
        .where(and(eq(weightEntries.userId, userId), gte(weightEntries.day, from), lte(weightEntries.day, to)))
        .orderBy(weightEntries.day)
    },

    /** The day's entry gets this weight (created when the day has none). */
    async upsert(userId: number, day: string, weightKg: number): Promise<WeightRow> {
      const [row] = await db
        .insert(weightEntries)
        .values({ userId, day, weightKg })
        .onConflictDoUpdate({
          target: [weightEntries.userId, weightEntries.day],
          set: { weightKg, updatedAt: new Date() },
        })
        .returning(columns)
      return row!
    },

    async find(userId: number, id: number): Promise<WeightRow | undefined> {
      const [row] = await db.select(columns).from(weightEntries).where(own(userId, id))
      return row
    },

    /** Whether another entry of the user is on `day`. */
    async dayTaken(userId: number, day: string, exceptId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: weightEntries.id })
        .from(weightEntries)
        .where(and(eq(weightEntries.userId, userId), eq(weightEntries.day, day), ne(weightEntries.id, exceptId)))
      return row !== undefined
    },

    /** The entry changed; undefined when it is not the user's, `taken` when another entry holds that day. */
    async update(
      userId: number,
      id: number,
      patch: { day: string; weightKg: number },
    ): Promise<WeightRow | 'taken' | undefined> {
      try {
        const [row] = await db
          .update(weightEntries)
          .set({ ...patch, updatedAt: new Date() })
          .where(own(userId, id))
          .returning(columns)
        return row
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken'
        throw error
      }
    },

    async remove(userId: number, id: number): Promise<boolean> {
      const gone = await db.delete(weightEntries).where(own(userId, id)).returning({ id: weightEntries.id })
      return gone.length === 1
    },

    async latest(userId: number): Promise<WeightRow | undefined> {
      const [row] = await db
        .select(columns)
        .from(weightEntries)
        .where(eq(weightEntries.userId, userId))
        .orderBy(desc(weightEntries.day))
        .limit(1)
      return row
    },
  }
}
