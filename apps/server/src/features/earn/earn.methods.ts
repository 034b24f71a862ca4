import { earn, wallet } from '@kinetic/protocol'
import type { Registry } from '../../platform/rpc/registry.ts'
import type { DepositService } from './deposit.service.ts'
import type { EarnService } from './earn.service.ts'
import type { EconomyService } from './economy.service.ts'
import type { PayoutService } from './payout.service.ts'
import type { ReviewService } from './review.service.ts'

export function registerEarnMethods(
  rpc: Registry,
  service: EarnService,
  payouts: PayoutService,
  economy: EconomyService,
  review: ReviewService,
  deposits: DepositService,
): void {
  rpc.handle(earn.ledgerHistory, (p, ctx) => service.history(ctx.user.id, p, ctx.lang))
  rpc.handle(earn.ledgerExport, (p, ctx) => service.ledgerExport(ctx.user.id, p, ctx.lang))
  rpc.handle(earn.invite, (p, ctx) => service.invite(ctx.user.id, p))
  rpc.handle(earn.rules, () => service.rules())
  rpc.handle(earn.balances, (_p, ctx) => service.balances(ctx.user.id))
  rpc.handle(earn.energyReview, (p, ctx) => review.review(ctx.user.id, p.id, ctx.lang))
  rpc.handle(earn.workoutReview, (p, ctx) => review.reviewWorkout(ctx.user.id, p.id, ctx.lang))
  rpc.handle(earn.economy, (p) => economy.economy(p))
  rpc.handle(wallet.collect, (p, ctx) => payouts.collect(ctx.user.id, p))
  rpc.handle(earn.deposits, (p, ctx) => deposits.list(ctx.user.id, p))
}
