import { content } from '@kinetic/protocol'
import type { Registry } from '../../platform/rpc/registry.ts'
import type { ContentService } from './content.service.ts'

export function registerContentMethods(rpc: Registry, service: ContentService): void {
  rpc.handle(content.appVersion, () => service.appVersion())
  rpc.handle(content.article, (params, ctx) => service.article(params.type, ctx.lang))
}
