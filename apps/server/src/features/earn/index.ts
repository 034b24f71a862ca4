import { feature, type AppContext } from '../../platform/app-context.ts'
import { depositService, type DepositService } from './deposit.service.ts'
import { discoverService, type DiscoverService } from './discover.service.ts'
import { registerEarnMethods } from './earn.methods.ts'
import { earnService } from './earn.service.ts'
import { homeService } from './home.service.ts'
import { payoutService } from './payout.service.ts'
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
export type { DepositService, DiscoverService, SettlementScheduler, SettlementService }

export interface EarnApi {
  /** The operator's settings (cached). */
  settings: EarnSettings
  /** Credits the referral rewards a user has earned but not received yet (before "my points" is read). */
  settleReferrals: (userId: number) => Promise<void>
  settlement: SettlementService
  scheduler: SettlementScheduler
  discover: DiscoverService
  /** Wallet KNT in: the indexer's hooks (through main.ts), the user's list and the operator's queue. */
  deposits: DepositService
}

/** Earning: its methods, the payout worker and the daily settlement scheduler. */
export function earnFeature(ctx: AppContext) {
  const { db, chain, config, registry, log } = ctx
  const settings = earnSettings(db)
  const earn = earnService({ db, settings })
  const payouts = payoutService({ db, chain, settings, treasuryKey: config.treasuryKey, rpcUrl: ctx.rpcUrl, log })
  const discover = discoverService({ db, settings })
  const settlement = settlementService({ db, settings })
  const scheduler = settlementScheduler({ settlement, discover, log })
  const deposits = depositService({
    db,
    chainId: chain.chainId,
    treasuryKey: config.treasuryKey,
    token: chain.tokens.find((t) => t.symbol === 'KNT')?.contract,
  })
  const api: EarnApi = { settings, settleReferrals: earn.settleReferrals, settlement, scheduler, discover, deposits }
  return feature('earn', api, async (server) => {
    registerEarnMethods(registry, earn, payouts, homeService({ db, settings }), discover, deposits)
    // payouts left open by a previous run (or another instance) are resumed at start
    server.addHook('onReady', async () => void payouts.worker?.kick())
    server.addHook('onClose', async () => payouts.worker?.stop())
    if (config.settlementSchedule) server.addHook('onReady', async () => scheduler.start())
    server.addHook('onClose', () => scheduler.stop())
  })
}
