import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { sessions } from './sessions.tables.ts'

export interface LiveSession {
  id: number
  userId: number
  tokenHash: string
  createdAt: Date
  lastSeenAt: Date
  /** The `lang` the session's requests last sent (null until its first). */
  lang: string | null
}

export function sessionsRepo(db: Db) {
  return {
    async insert(row: {
      userId: number
      tokenHash: string
      userAgent: string
      ip: string
      expiresAt: Date
    }): Promise<number> {
      const [created] = await db.insert(sessions).values(row).returning({ id: sessions.id })
      if (!created) throw new Error('session insert returned nothing')
      return created.id
    },

    /** Live (not revoked, not expired) sessions among the given token hashes, newest first. */
    async findLive(tokenHashes: string[]): Promise<LiveSession[]> {
      if (tokenHashes.length === 0) return []
      return db
        .select({
          id: sessions.id,
          userId: sessions.userId,
          tokenHash: sessions.tokenHash,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
          lang: sessions.lang,
        })
        .from(sessions)
        .where(
          and(inArray(sessions.tokenHash, tokenHashes), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)),
        )
        .orderBy(desc(sessions.createdAt), desc(sessions.id))
    },

    /** A user's live sessions, most recently seen first. */
    listOfUser(userId: number) {
      return db
        .select({
          id: sessions.id,
          userAgent: sessions.userAgent,
          ip: sessions.ip,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
        })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
        .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
    },

    /** Ends one live session of `userId`; false when it is not theirs or not live. */
    async revokeOfUser(id: number, userId: number): Promise<boolean> {
      const ended = await db
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(
          and(
            eq(sessions.id, id),
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, sql`now()`),
          ),
        )
        .returning({ id: sessions.id })
      return ended.length === 1
    },

    async touch(id: number, expiresAt: Date): Promise<void> {
      await db
        .update(sessions)
        .set({ lastSeenAt: sql`now()`, expiresAt })
        .where(eq(sessions.id, id))
    },

    async setLang(id: number, lang: string): Promise<void> {
      await db.update(sessions).set({ lang }).where(eq(sessions.id, id))
    },

    async revoke(id: number): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)))
    },

    async revokeByTokenHash(tokenHash: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)))
    },

    /** Ends every session of a user, except `keep` when given. */
    async revokeAllOfUser(userId: number, keep?: number): Promise<void> {
      const others = keep === undefined ? undefined : ne(sessions.id, keep)
      await db
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), others))
    },
  }
}
export type SessionsRepo = ReturnType<typeof sessionsRepo>
