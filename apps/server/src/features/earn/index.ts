import { feature, type AppContext } from '../../platform/app-context.ts'
import type { Db } from '../../platform/db/client.ts'
import { discoverService, type DiscoverService } from './discover.service.ts'
import { registerEarnMethods } from './earn.methods.ts'
import { crediting } from './crediting.ts'
import { earnService } from './earn.service.ts'
import { referrals, type Invitee } from './referrals.ts'
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
export type { DiscoverService, SettlementScheduler, SettlementService }

export interface EarnApi {
  /** The operator's settings (cached). */
  settings: EarnSettings
  /** Credits the inviter's reward inside the registration's transaction (account's `invited` hook). */
  invited: (tx: Db, inviterId: number, invitee: Invitee) => Promise<void>
  /** Health's data of these local days changed: each day inside the window gets its energy credited. */
  daysChanged: (userId: number, days: string[]) => Promise<void>
  /** The user's consent changed: every day of the window is credited anew. */
  consentChanged: (userId: number) => Promise<void>
  settlement: SettlementService
  scheduler: SettlementScheduler
  discover: DiscoverService
}

/** Earning: its methods, the payout worker and the daily settlement scheduler. */
export function earnFeature(ctx: AppContext) {
  const { db, chain, config, registry, log } = ctx
  const settings = earnSettings(db)
  const earn = earnService({ db, settings })
  const credit = crediting({ db, settings })
  const referral = referrals({ db, settings })
  // EARN item 3: becomes the earn.credit job when platform/jobs lands. Until then the day is
  // credited right after the data's transaction committed; a failure is logged and left to the
  // daily catch-up (below), which credits every day of the window again.
  const creditNow = async (userId: number, days: string[]) => {
    try {
      await credit.creditDays(userId, days)
    } catch (error) {
      log.warn({ err: error, userId }, 'energy credit failed; the daily catch-up retries it')
    }
  }
  const payouts = payoutService({ db, chain, settings, treasuryKey: config.treasuryKey, rpcUrl: ctx.rpcUrl, log })
  const discover = discoverService({ db, settings })
  const settlement = settlementService({ db, settings })
  const scheduler = settlementScheduler({ settlement, discover, log })
  const api: EarnApi = {
    settings,
    invited: referral.invited,
    daysChanged: creditNow,
    consentChanged: async (userId) => {
      try {
        await credit.creditWindow(userId)
      } catch (error) {
        log.warn({ err: error, userId }, 'energy credit failed; the daily catch-up retries it')
      }
    },
    settlement,
    scheduler,
    discover,
  }
  return feature('earn', api, async (server) => {
    registerEarnMethods(registry, earn, payouts, homeService({ db, settings }), discover)
    // seeded at start, so no read is the first to write them; then the referral rewards the
    // migration listed (only reads used to pay them) are paid once
    server.addHook('onReady', async () => {
      await settings.get()
      await referral.payBacklog()
    })
    // payouts left open by a previous run (or another instance) are resumed at start
    server.addHook('onReady', async () => void payouts.worker?.kick())
    server.addHook('onClose', async () => payouts.worker?.stop())
    if (config.settlementSchedule) server.addHook('onReady', async () => scheduler.start())
    server.addHook('onClose', () => scheduler.stop())
  })
}
