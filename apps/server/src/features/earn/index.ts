import { feature, type AppContext } from '../../platform/app-context.ts'
import { discoverService, type DiscoverService } from './discover.service.ts'
import { registerEarnMethods } from './earn.methods.ts'
import { earnService } from './earn.service.ts'
import { economyService } from './economy.service.ts'
import { homeService } from './home.service.ts'
import { PAYOUT_JOB, PAYOUT_KEY, payoutService } from './payout.service.ts'
import { reviewService, type OpenTicket } from './review.service.ts'
import { earnSettings, type EarnSettings } from './settings.ts'
import { settlementService, type SettlementService } from './settlement.service.ts'
import { settlementScheduler, type SettlementScheduler } from './settlement.worker.ts'

/** The front door of earning (points, energy, the ledger, settlement, payouts): what other features may use. */
export { ASSETS, ledger, SYSTEM, userAccount, type Asset, type Ledger } from './ledger.ts'
export { earnSettings, type EarnSettings } from './settings.ts'
export { parseSettingText, settingsAsText } from './settings-text.ts'
export { utcDay } from './settlement.ts'
/** A settlement run outside the app (the crash test's child process settles a day by itself). */
export { settlementService } from './settlement.service.ts'
export type { DiscoverService, SettlementScheduler, SettlementService }

export interface EarnApi {
  /** The operator's settings (cached). */
  settings: EarnSettings
  /** Credits the referral rewards a user has earned but not received yet (before "my points" is read). */
  settleReferrals: (userId: number) => Promise<void>
  settlement: SettlementService
  scheduler: SettlementScheduler
  discover: DiscoverService
}

export interface EarnDeps {
  /** Support's ticket opening (a review of an energy verdict is a ticket). */
  openTicket: OpenTicket
}

/** The daily settlement's check: every minute (UTC) when SETTLEMENT_SCHEDULE is on, and at start. */
export const SETTLE_JOB = 'earn.settle'
const EVERY_MINUTE = '* * * * *'

/** Earning: its methods and its jobs (payouts, the daily settlement). */
export function earnFeature(ctx: AppContext, deps: EarnDeps) {
  const { db, chain, config, registry, jobs, log } = ctx
  const settings = earnSettings(db)
  const earn = earnService({ db, settings })
  const payouts = payoutService({
    db,
    chain,
    settings,
    treasuryKey: config.treasuryKey,
    rpcUrl: ctx.rpcUrl,
    jobs,
    log,
  })
  const discover = discoverService({ db, settings })
  const settlement = settlementService({ db, settings })
  const scheduler = settlementScheduler({ settlement, discover })
  const economy = economyService({
    db,
    settings,
    chain,
    treasuryKey: config.treasuryKey,
    explorer: config.chain.explorer,
    log,
  })
  const api: EarnApi = { settings, settleReferrals: earn.settleReferrals, settlement, scheduler, discover }
  return feature('earn', api, async (server) => {
    const review = reviewService({ db, openTicket: deps.openTicket })
    registerEarnMethods(registry, earn, payouts, homeService({ db, settings }), discover, economy, review)
    // instances racing for a day meet at the settlement's lock: no need to run one at a time
    jobs.define(SETTLE_JOB, () => scheduler.tick(), { retryDelaySeconds: 5, expireInSeconds: 900 })
    if (config.settlementSchedule) {
      jobs.schedule(SETTLE_JOB, EVERY_MINUTE)
      server.addHook('onReady', () => jobs.send(SETTLE_JOB, {}, { key: 'start' }))
    }
    const { worker } = payouts
    if (worker) {
      // one signer at a time across instances is the signer's advisory lock (payout.worker.ts):
      // a job held by a killed process must not stop the next one from paying
      jobs.define(
        PAYOUT_JOB,
        async () => {
          // sent and not mined yet: looked at again a second later
          if ((await worker.pass()) > 0) await jobs.send(PAYOUT_JOB, {}, { key: PAYOUT_KEY, startAfterSeconds: 1 })
        },
        { retryLimit: 10, retryDelaySeconds: 1, expireInSeconds: 300 },
      )
      jobs.schedule(PAYOUT_JOB, EVERY_MINUTE)
      // payouts left open by a previous run (or another instance) are resumed at start
      server.addHook('onReady', () => jobs.send(PAYOUT_JOB, {}, { key: PAYOUT_KEY }))
    }
  })
}
