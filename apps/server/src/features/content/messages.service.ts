import type { Texts, WireLang } from '@kinetic/protocol'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/rpc/app-error.ts'
import { messagesRepo } from './messages.repo.ts'
import type { PushService } from './push.service.ts'

const SUMMARY_CHARS = 80

const summaryOf = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length > SUMMARY_CHARS ? `${line.slice(0, SUMMARY_CHARS)}…` : line
}

/** The app page that shows one message (a push about it opens there). */
export const messageUrl = (id: number) => `/messageDetail?id=${id}`

/** Messages: notices to everyone and system messages to one user. */
export function messagesService(db: Db, push: Pick<PushService, 'broadcast'>) {
  const repo = messagesRepo(db)
  return {
    async list(userId: number, lang: WireLang, page: number, limit: number) {
      const { rows, total, unread } = await repo.page(userId, lang, page, limit)
      return {
        list: rows.map((m) => ({
          id: m.id,
          kind: m.kind,
          title: m.title,
          summary: summaryOf(m.content),
          read: m.read,
          created_at: m.createdAt.toISOString(),
        })),
        total,
        page,
        limit,
        unread,
      }
    },

    /** One message; another user's system message answers like a missing one. */
    async read(userId: number, id: number, lang: WireLang) {
      const m = await repo.find(userId, id)
      if (!m) throw new AppError('MESSAGE_NOT_FOUND', { field: 'id' })
      await repo.markRead(userId, id)
      return {
        id: m.id,
        kind: m.kind,
        title: m.title[lang],
        content: m.content[lang],
        read: true,
        created_at: m.createdAt.toISOString(),
      }
    },

    /** Publishes a notice to everyone and pushes it to every device that takes notices. */
    async publishNotice(operatorId: number, notice: { title: Texts; content: Texts }): Promise<number> {
      const id = await repo.insert({ userId: null, kind: 'notice', operatorId, ...notice })
      await push.broadcast({ kind: 'notice', title: notice.title, body: notice.content, url: messageUrl(id) })
      return id
    },

    async notices(page: number, limit: number) {
      const { rows, total } = await repo.notices(page, limit)
      return {
        list: rows.map((n) => ({ id: n.id, kind: n.kind, title: n.title, created_at: n.createdAt.toISOString() })),
        total,
        page,
        limit,
      }
    },
  }
}
export type MessagesService = ReturnType<typeof messagesService>
