import { earn, wallet } from '@kinetic/protocol'
import type { Registry } from '../../platform/rpc/registry.ts'
import type { DepositService } from './deposit.service.ts'
import type { DiscoverService } from './discover.service.ts'
import type { EarnService } from './earn.service.ts'
import type { EconomyService } from './economy.service.ts'
import type { HomeService } from './home.service.ts'
import type { PayoutService } from './payout.service.ts'
import type { ReviewService } from './review.service.ts'

export function registerEarnMethods(
  rpc: Registry,
  service: EarnService,
  payouts: PayoutService,
  home: HomeService,
  discover: DiscoverService,
  economy: EconomyService,
  review: ReviewService,
  deposits: DepositService,
): void {
  rpc.handle(earn.ledgerHistory, (p, ctx) => service.history(ctx.user.id, p, ctx.lang))
  rpc.handle(earn.ledgerExport, (p, ctx) => service.ledgerExport(ctx.user.id, p, ctx.lang))
  rpc.handle(earn.invite, (p, ctx) => service.invite(ctx.user.id, p))
  rpc.handle(earn.rules, () => service.rules())
  rpc.handle(earn.balances, (_p, ctx) => service.balances(ctx.user.id))
  rpc.handle(earn.home, (_p, ctx) => home.home(ctx.user.id))
  rpc.handle(earn.finalize, (p, ctx) => home.finalize(ctx.user.id, p))
  rpc.handle(earn.supply, (p, ctx) => home.supply(ctx.user.id, p))
  rpc.handle(earn.energyReview, (p, ctx) => review.review(ctx.user.id, p.id, ctx.lang))
  rpc.handle(earn.workoutReview, (p, ctx) => review.reviewWorkout(ctx.user.id, p.id, ctx.lang))
  rpc.handle(earn.taskReceive, (p, ctx) => home.receiveTask(ctx.user.id, p))
  rpc.handle(earn.find, (_p, ctx) => discover.find(ctx.user.id))
  rpc.handle(earn.pledge, (p, ctx) => discover.pledge(ctx.user.id, p))
  rpc.handle(earn.computing, (p, ctx) => discover.shares(ctx.user.id, 'computing', p))
  rpc.handle(earn.tokenData, (p, ctx) => discover.shares(ctx.user.id, 'token', p))
  rpc.handle(earn.computingReceive, (p, ctx) => discover.receive(ctx.user.id, 'computing', p.request_id))
  rpc.handle(earn.tokenDataReceive, (p, ctx) => discover.receive(ctx.user.id, 'token', p.request_id))
  rpc.handle(earn.computingToken, (p, ctx) => discover.receipts(ctx.user.id, 'computing', p))
  rpc.handle(earn.tokenDataToken, (p, ctx) => discover.receipts(ctx.user.id, 'token', p))
  rpc.handle(earn.economy, (p) => economy.economy(p))
  rpc.handle(wallet.collect, (p, ctx) => payouts.collect(ctx.user.id, p))
  rpc.handle(earn.deposits, (p, ctx) => deposits.list(ctx.user.id, p))
}
