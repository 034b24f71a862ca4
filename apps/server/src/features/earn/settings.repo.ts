import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { earnSettings } from './ledger.tables.ts'

export function settingsRepo(db: Db) {
  return {
    async all(): Promise<{ key: string; value: unknown }[]> {
      // as JSON text, parsed once here: drizzle's jsonb decoding parses a JSON string a second
      // time, so a decimal setting stored as "90" came back as the number 90 and was refused
      const rows = await db
        .select({ key: earnSettings.key, value: sql<string>`${earnSettings.value}::text` })
        .from(earnSettings)
      return rows.map((row) => ({ key: row.key, value: JSON.parse(row.value) as unknown }))
    },
    /** Adds missing keys; never overwrites an operator's value. */
    async seed(values: Record<string, unknown>): Promise<void> {
      await db
        .insert(earnSettings)
        .values(Object.entries(values).map(([key, value]) => ({ key, value })))
        .onConflictDoNothing()
    },
    async set(key: string, value: unknown): Promise<void> {
      await db.update(earnSettings).set({ value, updatedAt: new Date() }).where(eq(earnSettings.key, key))
    },
  }
}
