import { and, desc, eq, gt, inArray, isNull, ne } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { sessions } from './sessions.tables.ts'

export interface LiveSession {
  id: number
  userId: number
  tokenHash: string
  createdAt: Date
  lastSeenAt: Date
  expiresAt: Date
  /** The `lang` the session's requests last sent (null until its first). */
  lang: string | null
}

const live = {
  id: sessions.id,
  userId: sessions.userId,
  tokenHash: sessions.tokenHash,
  createdAt: sessions.createdAt,
  lastSeenAt: sessions.lastSeenAt,
  expiresAt: sessions.expiresAt,
  lang: sessions.lang,
}

export function sessionsRepo(db: Db) {
  return {
    async insert(row: {
      userId: number
      tokenHash: string
      userAgent: string
      ip: string
      expiresAt: Date
      lang?: string
    }): Promise<LiveSession> {
      const [created] = await db.insert(sessions).values(row).returning(live)
      if (!created) throw new Error('session insert returned nothing')
      return created
    },

    /** Live (not revoked, not expired) sessions among the given token hashes, newest first. */
    async findLive(tokenHashes: string[]): Promise<LiveSession[]> {
      if (tokenHashes.length === 0) return []
      return db
        .select(live)
        .from(sessions)
        .where(
          and(inArray(sessions.tokenHash, tokenHashes), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())),
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
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
        .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
    },

    /** Ends one live session of `userId`; false when it is not theirs or not live. */
    async revokeOfUser(id: number, userId: number): Promise<boolean> {
      const ended = await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(sessions.id, id),
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, new Date()),
          ),
        )
        .returning({ id: sessions.id })
      return ended.length === 1
    },

    /** Slides a live session's expiry; false when it is not live any more (revoked, expired). */
    async touch(id: number, expiresAt: Date): Promise<boolean> {
      const touched = await db
        .update(sessions)
        .set({ lastSeenAt: new Date(), expiresAt })
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
        .returning({ id: sessions.id })
      return touched.length === 1
    },

    async setLang(id: number, lang: string): Promise<void> {
      await db.update(sessions).set({ lang }).where(eq(sessions.id, id))
    },

    async revoke(id: number): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)))
    },

    /** Ends the session with this token hash; its id, when one was live. */
    async revokeByTokenHash(tokenHash: string): Promise<number | undefined> {
      const [ended] = await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id })
      return ended?.id
    },

    /** Ends every session of a user, except `keep` when given. */
    async revokeAllOfUser(userId: number, keep?: number): Promise<void> {
      const others = keep === undefined ? undefined : ne(sessions.id, keep)
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), others))
    },
  }
}
export type SessionsRepo = ReturnType<typeof sessionsRepo>
