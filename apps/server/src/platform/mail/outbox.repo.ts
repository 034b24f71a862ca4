import { desc, eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { outbox } from './outbox.tables.ts'

export function outboxRepo(db: Db) {
  return {
    async add(row: { channel: string; recipient: string; subject: string; body: string }): Promise<void> {
      await db.insert(outbox).values(row)
    },
    list(recipient: string | undefined, limit = 50) {
      return db
        .select()
        .from(outbox)
        .where(recipient ? eq(outbox.recipient, recipient) : undefined)
        .orderBy(desc(outbox.id))
        .limit(limit)
    },
  }
}
export type OutboxRepo = ReturnType<typeof outboxRepo>
