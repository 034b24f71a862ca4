import { and, eq, lt } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { idempotencyKeys } from './idempotency.tables.ts'

export interface KeyUse {
  scope: string
  method: string
  key: string
  paramsHash: string
}

export function idempotencyRepo(db: Db) {
  const at = (use: Omit<KeyUse, 'paramsHash'>) =>
    and(eq(idempotencyKeys.scope, use.scope), eq(idempotencyKeys.method, use.method), eq(idempotencyKeys.key, use.key))
  return {
    /** Records the key's first use; false when it was used before (or is being used right now). */
    async insert(use: KeyUse): Promise<boolean> {
      const rows = await db
        .insert(idempotencyKeys)
        .values(use)
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key })
      return rows.length > 0
    },

    async paramsHash(use: Omit<KeyUse, 'paramsHash'>): Promise<string | undefined> {
      const [row] = await db.select({ hash: idempotencyKeys.paramsHash }).from(idempotencyKeys).where(at(use))
      return row?.hash
    },

    /** Deletes the keys first used before `before`; how many. */
    async removeBefore(before: Date): Promise<number> {
      const rows = await db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, before))
        .returning({ key: idempotencyKeys.key })
      return rows.length
    },

    /** Forgets a first use that was refused (nothing was done under the key). */
    async remove(use: KeyUse): Promise<void> {
      await db.delete(idempotencyKeys).where(and(at(use), eq(idempotencyKeys.paramsHash, use.paramsHash)))
    },
  }
}
