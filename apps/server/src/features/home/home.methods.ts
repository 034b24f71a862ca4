import { earn } from '@kinetic/protocol'
import type { Registry } from '../../platform/rpc/registry.ts'
import type { HomeService } from './home.service.ts'

/** Home's methods: the screen itself, and what it offers (energy ↔ power and points, tasks). */
export function registerHomeMethods(rpc: Registry, home: HomeService): void {
  rpc.handle(earn.home, (_p, ctx) => home.home(ctx.user.id))
  rpc.handle(earn.finalize, (p, ctx) => home.finalize(ctx.user.id, p))
  rpc.handle(earn.supply, (p, ctx) => home.supply(ctx.user.id, p))
  rpc.handle(earn.taskReceive, (p, ctx) => home.receiveTask(ctx.user.id, p))
}
