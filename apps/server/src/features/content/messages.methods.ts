import { content } from '@kinetic/protocol'
import type { Registry } from '../../platform/rpc/registry.ts'
import type { MessagesService } from './messages.service.ts'

export function registerMessageMethods(rpc: Registry, service: MessagesService): void {
  rpc.handle(content.messages, (params, ctx) => service.list(ctx.user.id, ctx.lang, params.page, params.limit))
  rpc.handle(content.message, (params, ctx) => service.read(ctx.user.id, params.id, ctx.lang))
}
