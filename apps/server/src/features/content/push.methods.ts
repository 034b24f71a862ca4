import { content } from '@kinetic/protocol'
import type { Registry } from '../../platform/rpc/registry.ts'
import type { PushService } from './push.service.ts'

export function registerPushMethods(rpc: Registry, service: PushService): void {
  rpc.handle(content.pushKey, () => service.publicKey())
  rpc.handle(content.pushSubscribe, (params, ctx) => service.subscribe(ctx.user.id, params))
  rpc.handle(content.pushUnsubscribe, (params, ctx) => service.unsubscribe(ctx.user.id, params.endpoint))
  rpc.handle(content.pushSettings, (_params, ctx) => service.settings(ctx.user.id))
  rpc.handle(content.pushSetting, (params, ctx) => service.setKind(ctx.user.id, params.kind, params.enabled === '1'))
}
