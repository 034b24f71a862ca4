import { earn, wallet } from '@kinetic/protocol'
import type { Registry } from '../../platform/rpc/registry.ts'
import type { EarnService } from './earn.service.ts'
import type { HomeService } from './home.service.ts'
import type { PayoutService } from './payout.service.ts'

export function registerEarnMethods(
  rpc: Registry,
  service: EarnService,
  payouts: PayoutService,
  home: HomeService,
): void {
  rpc.handle(earn.ledgerHistory, (p, ctx) => service.history(ctx.user.id, p, ctx.lang))
  rpc.handle(earn.invite, (p, ctx) => service.invite(ctx.user.id, p))
  rpc.handle(earn.rules, () => service.rules())
  rpc.handle(earn.balances, (_p, ctx) => service.balances(ctx.user.id))
  rpc.handle(earn.home, (_p, ctx) => home.home(ctx.user.id))
  rpc.handle(earn.finalize, (p, ctx) => home.finalize(ctx.user.id, p))
  rpc.handle(earn.supply, (p, ctx) => home.supply(ctx.user.id, p))
  rpc.handle(earn.taskReceive, (p, ctx) => home.receiveTask(ctx.user.id, p))
  rpc.handle(wallet.collect, (p, ctx) => payouts.collect(ctx.user.id, p))
}
