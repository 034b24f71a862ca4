import { earn } from '@kinetic/protocol'
import type { Registry } from '../../platform/rpc/registry.ts'
import type { DiscoverService } from './discover.service.ts'

/** Discover's methods: the page, pledging, the shares and receiving them. */
export function registerDiscoverMethods(rpc: Registry, discover: DiscoverService): void {
  rpc.handle(earn.find, (_p, ctx) => discover.find(ctx.user.id))
  rpc.handle(earn.pledge, (p, ctx) => discover.pledge(ctx.user.id, p))
  rpc.handle(earn.computing, (p, ctx) => discover.shares(ctx.user.id, 'computing', p))
  rpc.handle(earn.tokenData, (p, ctx) => discover.shares(ctx.user.id, 'token', p))
  rpc.handle(earn.computingReceive, (p, ctx) => discover.receive(ctx.user.id, 'computing', p.request_id))
  rpc.handle(earn.tokenDataReceive, (p, ctx) => discover.receive(ctx.user.id, 'token', p.request_id))
  rpc.handle(earn.computingToken, (p, ctx) => discover.receipts(ctx.user.id, 'computing', p))
  rpc.handle(earn.tokenDataToken, (p, ctx) => discover.receipts(ctx.user.id, 'token', p))
}
