import { fillTexts, isWireLang, type support, type Texts, type WireLang } from '@kinetic/protocol'
import type { Db } from '../../platform/db/client.ts'
import { seedDecision, textVersion } from '../../platform/db/seeded-texts.ts'
import type { Bus } from '../../platform/realtime/bus.ts'
import { fileUrl, type UploadService } from '../../platform/uploads/uploads.service.ts'
import { AppError } from '../../platform/rpc/app-error.ts'
import { messageUrl, postSystemMessage, type PushService } from '../content/index.ts'
import { DEFAULT_SUPPORT_HOURS, expectedReplyBy, hoursTexts, momentTexts, type SupportHours } from './hours.ts'
import { supportRepo, type SupportRepo } from './support.repo.ts'
import { SEED_TICKET_CATEGORIES, supportText, type SeedTicketCategory } from './ticket-categories.seed.ts'

type Author = support.Author
/** Who acts: a user on their own tickets and chat, or an operator on anyone's. */
export type Actor = { kind: 'user'; userId: number } | { kind: 'operator'; operatorId: number }

type TicketRow = NonNullable<Awaited<ReturnType<SupportRepo['ticket']>>>
type ChatRow = NonNullable<Awaited<ReturnType<SupportRepo['chatByClientId']>>>

const iso = (d: Date) => d.toISOString()

function ticketItem(t: TicketRow, lang: WireLang) {
  return {
    id: t.id,
    cat_id: t.categoryId,
    category: t.categoryName[lang],
    title: t.title,
    status: t.status,
    created_at: iso(t.createdAt),
    updated_at: iso(t.updatedAt),
  }
}

export function chatItem(m: ChatRow): support.ChatMessage {
  return {
    id: m.id,
    client_id: m.clientId,
    from: m.author,
    content: m.content,
    image: m.image ? fileUrl(m.image) : '',
    created_at: iso(m.createdAt),
  }
}

const userOf = (t: TicketRow) => ({ id: t.userId, label: t.userLabel })

/** The system message a user gets when an operator answers their ticket. */
const ticketRepliedMessage = (title: string): { title: Texts; content: Texts } => ({
  title: supportText('ticketReplied.title'),
  content: fillTexts(supportText('ticketReplied.content'), { title }),
})

/**
 * Work tickets and customer chat. A user reaches only their own tickets and
 * conversation: another user's ticket answers exactly like a missing one.
 */
export function supportService(deps: { db: Db; bus: Bus; uploads: UploadService; push: Pick<PushService, 'notify'> }) {
  const { db, bus, uploads, push } = deps
  const repo = supportRepo(db)
  const ownerOf = (actor: Actor) => (actor.kind === 'user' ? actor.userId : undefined)

  const workingHours = async () => (await repo.hours()) ?? DEFAULT_SUPPORT_HOURS

  /**
   * The acknowledgement a user gets at once, in their language: the working hours and when an
   * answer is expected (in their time zone), counted from now over the working hours.
   */
  async function acknowledgement(userId: number, kind: 'chat' | 'ticket', txRepo: SupportRepo = repo) {
    const hours = (await txRepo.hours()) ?? DEFAULT_SUPPORT_HOURS
    const reader = await txRepo.reader(userId)
    const lang: WireLang = isWireLang(reader?.lang) ? reader.lang : 'zh-cn'
    const by = expectedReplyBy(new Date(), hours)
    const text = fillTexts(supportText(`ack.${kind}`), {
      hours: hoursTexts(hours, supportText('ack.hours')),
      time: momentTexts(by, reader?.timeZone ?? hours.timeZone),
    })
    return text[lang]
  }

  async function conversation(id: number, actor: Actor, lang: WireLang) {
    const ticket = await repo.ticket(id, ownerOf(actor))
    if (!ticket) throw new AppError('TICKET_NOT_FOUND', { field: 'id' })
    const replies = await repo.replies(id)
    return {
      ticket: { ...ticketItem(ticket, lang), content: ticket.content, attachments: ticket.attachments.map(fileUrl) },
      replies: replies.map((r) => ({ id: r.id, from: r.author, content: r.content, created_at: iso(r.createdAt) })),
      user: userOf(ticket),
    }
  }

  /**
   * Acknowledges a user's chat once per wait: the first message after the operator's latest
   * answer (or ever) gets it; its client id names that answer, so a second is never stored.
   */
  async function acknowledgeChat(userId: number): Promise<void> {
    const answered = await repo.lastOperatorChat(userId)
    const ack = await repo.insertChat({
      userId,
      author: 'system',
      clientId: `ack:${answered}`,
      content: await acknowledgement(userId, 'chat'),
    })
    if (ack)
      await bus.publish({
        user: userId,
        operators: true,
        data: { type: 'chat', user_id: userId, message: chatItem(ack) },
      })
  }

  /** Runs `change` on the locked ticket the actor may touch; a completed one is not changed. */
  async function changeTicket(
    id: number,
    actor: Actor,
    change: (tx: SupportRepo, t: TicketRow, txDb: Db) => Promise<void>,
  ) {
    return db.transaction(async (tx) => {
      const txRepo = supportRepo(tx)
      const ticket = await txRepo.ticket(id, ownerOf(actor), true)
      if (!ticket) throw new AppError('TICKET_NOT_FOUND', { field: 'id' })
      await change(txRepo, ticket, tx)
      return ticket
    })
  }

  return {
    /** The ticket categories; a name still as a seed wrote it follows the catalog (platform/db/seeded-texts.ts). */
    async seed(categories: readonly SeedTicketCategory[] = SEED_TICKET_CATEGORIES) {
      const stored = new Map((await repo.categories()).map((row) => [row.id, row]))
      const missing = []
      for (const { formerly = [], ...category } of categories) {
        const seedVersion = textVersion(category.name)
        const current = stored.get(category.id)
        if (!current) missing.push({ ...category, seedVersion })
        else if (
          ['mark', 'update'].includes(
            seedDecision({ texts: current.name, seedVersion: current.seedVersion }, category.name, formerly),
          )
        )
          await repo.reseedCategory(category.id, category.name, seedVersion, current.name)
      }
      await repo.insertCategories(missing)
    },

    async categories(lang: WireLang) {
      const rows = await repo.categories()
      return { list: rows.map((c) => ({ id: c.id, name: c.name[lang] })) }
    },

    async openTicket(
      userId: number,
      params: { cat_id: number; title: string; content: string; attachments: string[] },
    ) {
      if (!(await repo.categoryExists(params.cat_id)))
        throw new AppError('TICKET_CATEGORY_NOT_FOUND', { field: 'cat_id' })
      const attachments = [...new Set(params.attachments)]
      // only the user's own uploads: another user's file id answers like a missing one
      for (const file of attachments) await uploads.ownAttachment(userId, file, 'attachments')
      const id = await db.transaction(async (tx) => {
        const txRepo = supportRepo(tx)
        const created = await txRepo.insertTicket({
          userId,
          categoryId: params.cat_id,
          title: params.title,
          content: params.content,
          attachments,
        })
        await txRepo.addReply({
          ticketId: created,
          author: 'system',
          content: await acknowledgement(userId, 'ticket', txRepo),
        })
        return created
      })
      await bus.publish({ operators: true, data: { type: 'ticket', id } })
      return { id }
    },

    async tickets(
      actor: Actor,
      filter: { status?: support.TicketStatus; page: number; limit: number },
      lang: WireLang,
    ) {
      const { rows, total } = await repo.ticketPage(
        { userId: ownerOf(actor), status: filter.status },
        filter.page,
        filter.limit,
      )
      return {
        list: rows.map((t) => ({ ...ticketItem(t, lang), user: userOf(t) })),
        total,
        page: filter.page,
        limit: filter.limit,
      }
    },

    conversation,

    /**
     * Adds a reply: the user's puts the ticket back to "wait reply", an operator's makes it
     * "replied" and tells the user with a system message (in the same transaction).
     */
    async reply(id: number, actor: Actor, content: string) {
      let answered: { messageId: number; message: { title: Texts; content: Texts } } | undefined
      const ticket = await changeTicket(id, actor, async (tx, t, txDb) => {
        if (t.status === 'completed') throw new AppError('TICKET_COMPLETED', { field: 'id' })
        if (actor.kind === 'user') {
          await tx.addReply({ ticketId: id, author: 'user', content })
          await tx.setStatus(id, 'wait')
          // an answered ticket asked again waits anew: acknowledged like a new one
          if (t.status === 'replied')
            await tx.addReply({
              ticketId: id,
              author: 'system',
              content: await acknowledgement(t.userId, 'ticket', tx),
            })
        } else {
          await tx.addReply({ ticketId: id, author: 'operator', operatorId: actor.operatorId, content })
          await tx.setStatus(id, 'replied')
          const message = ticketRepliedMessage(t.title)
          answered = { message, messageId: await postSystemMessage(txDb, t.userId, message) }
        }
      })
      await bus.publish({ user: ticket.userId, operators: true, data: { type: 'ticket', id } })
      if (answered)
        await push.notify(ticket.userId, {
          kind: 'ticket',
          title: answered.message.title,
          body: answered.message.content,
          url: messageUrl(answered.messageId),
        })
    },

    /** Completes the ticket; closing a completed one again changes nothing. */
    async close(id: number, actor: Actor) {
      const ticket = await changeTicket(id, actor, async (tx, t) => {
        if (t.status !== 'completed') await tx.setStatus(id, 'completed')
      })
      await bus.publish({ user: ticket.userId, operators: true, data: { type: 'ticket', id } })
    },

    async chatHistory(userId: number, window: { after_id?: number; before_id?: number; limit: number }) {
      const rows = await repo.chatWindow(userId, {
        afterId: window.after_id,
        beforeId: window.before_id,
        limit: window.limit,
      })
      return { list: rows.map(chatItem) }
    },

    /**
     * Stores a chat message and pushes it to the user's and every operator's sockets on
     * every instance. The same client id again answers the stored message and pushes nothing.
     */
    async sendChat(
      userId: number,
      author: Author,
      message: { client_id: string; content: string; image?: string },
      operatorId?: number,
    ) {
      // only the user's own upload: another user's file id answers like a missing one
      if (message.image !== undefined) await uploads.ownAttachment(userId, message.image, 'image')
      const created = await repo.insertChat({
        userId,
        author,
        operatorId,
        clientId: message.client_id,
        content: message.content,
        image: message.image,
      })
      if (!created) {
        const stored = await repo.chatByClientId(userId, author, message.client_id)
        if (!stored) throw new Error('chat message vanished after a conflicting insert')
        return chatItem(stored)
      }
      const item = chatItem(created)
      await bus.publish({ user: userId, operators: true, data: { type: 'chat', user_id: userId, message: item } })
      if (author === 'user') await acknowledgeChat(userId)
      else {
        const text = created.content || (created.image ? '🖼' : '')
        await push.notify(userId, {
          kind: 'chat',
          title: supportText('chatReplied.title'),
          body: { 'zh-cn': text, 'us-en': text, 'zh-hk': text },
          url: '/serverChat',
        })
      }
      return item
    },

    workingHours,

    async setWorkingHours(hours: SupportHours): Promise<SupportHours> {
      await repo.setHours(hours)
      return hours
    },

    async conversations(page: number, limit: number) {
      const { rows, total } = await repo.conversations(page, limit)
      return {
        list: rows.map((r) => ({ user: { id: r.userId, label: r.userLabel }, last: chatItem(r) })),
        total,
        page,
        limit,
      }
    },

    isSupportFile: (fileId: string) => repo.isSupportFile(fileId),

    async userLabel(userId: number) {
      const label = await repo.userLabel(userId)
      if (label === undefined) throw new AppError('USER_NOT_FOUND', { field: 'user_id' })
      return { id: userId, label }
    },
  }
}
export type SupportService = ReturnType<typeof supportService>
