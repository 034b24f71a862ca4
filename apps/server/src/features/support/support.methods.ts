import { support } from '@kinetic/protocol'
import type { Registry } from '../../platform/rpc/registry.ts'
import type { SupportService } from './support.service.ts'

const ok = { ok: true as const }

export function registerSupportMethods(rpc: Registry, service: SupportService): void {
  const me = (id: number) => ({ kind: 'user' as const, userId: id })

  rpc.handle(support.ticketCategories, (_params, ctx) => service.categories(ctx.lang))
  rpc.handle(support.ticketAdd, (params, ctx) => service.openTicket(ctx.user.id, params))
  rpc.handle(support.tickets, async (params, ctx) => {
    const page = await service.tickets(me(ctx.user.id), params, ctx.lang)
    // the user label is for operators
    return { ...page, list: page.list.map(({ user: _user, ...ticket }) => ticket) }
  })
  rpc.handle(support.ticketChat, async (params, ctx) => {
    if (params.content !== undefined) await service.reply(params.id, me(ctx.user.id), params.content)
    const { ticket, replies } = await service.conversation(params.id, me(ctx.user.id), ctx.lang)
    return { ticket, replies }
  })
  rpc.handle(support.ticketClose, async (params, ctx) => {
    await service.close(params.id, me(ctx.user.id))
    return ok
  })
  rpc.handle(support.chatHistory, (params, ctx) => service.chatHistory(ctx.user.id, params))
  rpc.handle(support.chatSend, (params, ctx) => service.sendChat(ctx.user.id, 'user', params))
}
