import { and, count, eq, gt, ne } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { files } from './uploads.tables.ts'

export type FileRow = typeof files.$inferSelect
export type FileMeta = Omit<FileRow, 'bytes'>

const meta = {
  id: files.id,
  ownerId: files.ownerId,
  kind: files.kind,
  mime: files.mime,
  size: files.size,
  width: files.width,
  height: files.height,
  createdAt: files.createdAt,
}

export function uploadsRepo(db: Db) {
  return {
    async insert(row: typeof files.$inferInsert): Promise<void> {
      await db.insert(files).values(row)
    },
    async find(id: string): Promise<FileRow | undefined> {
      const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1)
      return row
    },
    async findMeta(id: string): Promise<FileMeta | undefined> {
      const [row] = await db.select(meta).from(files).where(eq(files.id, id)).limit(1)
      return row
    },
    async countOfOwnerSince(ownerId: number, kind: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(files)
        .where(and(eq(files.ownerId, ownerId), eq(files.kind, kind), gt(files.createdAt, since)))
      return row?.n ?? 0
    },
    /** Deletes a user's files of a kind, except `keep` (an avatar replaced by a newer one). */
    async deleteOfOwner(ownerId: number, kind: string, keep?: string): Promise<void> {
      await db
        .delete(files)
        .where(
          and(eq(files.ownerId, ownerId), eq(files.kind, kind), keep === undefined ? undefined : ne(files.id, keep)),
        )
    },
  }
}
