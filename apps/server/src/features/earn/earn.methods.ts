import { earn } from '@kinetic/protocol'
import type { Registry } from '../../platform/rpc/registry.ts'
import type { EarnService } from './earn.service.ts'

export function registerEarnMethods(rpc: Registry, service: EarnService): void {
  rpc.handle(earn.ledgerHistory, (p, ctx) => service.history(ctx.user.id, p, ctx.lang))
  rpc.handle(earn.invite, (p, ctx) => service.invite(ctx.user.id, p))
  rpc.handle(earn.rules, () => service.rules())
}
