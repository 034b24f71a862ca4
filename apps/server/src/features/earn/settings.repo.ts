import { eq } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { earnSettings } from './ledger.tables.ts'

export function settingsRepo(db: Db) {
  return {
    async all(): Promise<{ key: string; value: unknown }[]> {
      return db.select({ key: earnSettings.key, value: earnSettings.value }).from(earnSettings)
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
