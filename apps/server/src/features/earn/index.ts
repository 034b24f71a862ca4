import type { PushService } from '../content/index.ts'
import { feature, type AppContext } from '../../platform/app-context.ts'
import type { Db } from '../../platform/db/client.ts'
import { depositService, type DepositService } from './deposit.service.ts'
import { registerEarnMethods } from './earn.methods.ts'
import { crediting } from './crediting.ts'
import { earnService } from './earn.service.ts'
import { economyService } from './economy.service.ts'
import { referrals, type Invitee } from './referrals.ts'
import { PAYOUT_JOB, PAYOUT_KEY, payoutService } from './payout.service.ts'
import { reviewService, type OpenTicket } from './review.service.ts'
import { earnSettings, type EarnSettings } from './settings.ts'
import { settlementService, type SettlementService } from './settlement.service.ts'
import { settlementScheduler, type SettlementScheduler } from './settlement.worker.ts'

/** The front door of earning (points, energy, the ledger, settlement, payouts): what other features may use. */
export { ASSETS, isAsset, ledger, reconcile, SYSTEM, userAccount, type Asset, type Ledger } from './ledger.ts'
export { earnSettings, type EarnSettings, type Settings } from './settings.ts'
/** The ledger's reads as parts of another feature's statement (the shop's store and Home show the points). */
export { ledgerParts, ledgerRepo } from './ledger.repo.ts'
/** What Home shows of energy and tasks: the day's energy, the credited total (a part), the tasks. */
export { asleepSecondsOf, dayEnergy } from './energy.ts'
export { energyParts } from './energy.repo.ts'
export { periodOf, TASKS, taskKey, taskView, type TaskFacts } from './tasks.ts'
/**
 * What Discover reads and writes of the settlement: the pledges, its records and the shares it
 * receives (settlement.tables.ts: the settlement pays on them), everyone's power and its parts.
 */
export { discoverRecords, pledges, settlementRuns, settlementShares } from './settlement.tables.ts'
export { networkTotals, settlementParts, type NetworkTotals, type RewardKind } from './settlement.repo.ts'
export {
  effectivePower,
  estimate,
  fmtKnt,
  fmtPower,
  isActive,
  knt,
  pools,
  stageOfDay,
  stageView,
} from './settlement.ts'
export { networkPower } from './network-power.ts'
export { parseSettingText, settingsAsText } from './settings-text.ts'
export { utcDay } from './settlement.ts'
/** A settlement run outside the app (the crash test's child process settles a day by itself). */
export { settlementService } from './settlement.service.ts'
export type { DepositService, SettlementScheduler, SettlementService }

export interface EarnApi {
  /** The operator's settings (cached). */
  settings: EarnSettings
  /** How many days a purchase of the fitness analysis unlocks (the operator's setting; health's). */
  fitnessDays: () => Promise<number>
  /** Credits the inviter's reward inside the registration's transaction (account's `invited` hook). */
  invited: (tx: Db, inviterId: number, invitee: Invitee) => Promise<void>
  /** Health's data of these local days changed: each day inside the window gets its energy credited. */
  daysChanged: (userId: number, days: string[]) => Promise<void>
  /** The user's consent changed: every day of the window is credited anew. */
  consentChanged: (userId: number) => Promise<void>
  settlement: SettlementService
  /** The daily settlement's check; another feature adds the steps it runs after settling (`after`). */
  scheduler: SettlementScheduler
  /** Wallet KNT in: the indexer's hooks (through main.ts), the user's list and the operator's queue. */
  deposits: DepositService
}

export interface EarnDeps {
  /** Support's ticket opening (a review of an energy verdict is a ticket). */
  openTicket: OpenTicket
  /** Web Push: a user credited by the daily settlement is told (content's push). */
  push?: Pick<PushService, 'notify'>
}

/** The daily settlement's check: every minute (UTC) when SETTLEMENT_SCHEDULE is on, and at start. */
export const SETTLE_JOB = 'earn.settle'
const EVERY_MINUTE = '* * * * *'
/** Credits one user's local day (crediting.ts), sent when health's data of the day changed. */
export const CREDIT_JOB = 'earn.credit'
interface CreditJob {
  userId: number
  day: string
}
/** Credits every day of the window of every user with data in it, daily at 00:30 UTC. */
export const CATCH_UP_JOB = 'earn.catch-up'
const CATCH_UP_CRON = '30 0 * * *'

/** Earning: its methods and its jobs (crediting energy, payouts, the daily settlement). */
export function earnFeature(ctx: AppContext, deps: EarnDeps) {
  const { db, chain, config, registry, jobs, log } = ctx
  // cached in process, dropped in every instance when an operator changes one
  const settings = earnSettings(db, ctx.bus)
  const earn = earnService({ db, settings })
  const credit = crediting({ db, settings })
  const referral = referrals({ db, settings })
  const payouts = payoutService({
    db,
    chain,
    settings,
    treasuryKey: config.treasuryKey,
    rpcUrl: ctx.rpcUrl,
    jobs,
    log,
  })
  const settlement = settlementService({ db, settings, push: deps.push })
  const scheduler = settlementScheduler({ settlement })
  const economy = economyService({
    db,
    settings,
    chain,
    treasuryKey: config.treasuryKey,
    log,
  })
  /**
   * One durable credit per changed day: a day changing again while its job waits is credited by
   * that job. The data is stored already: a job that could not be queued is logged, not the
   * request's failure, and the daily catch-up credits its day.
   */
  const sendCredits = async (userId: number, days: readonly string[]) => {
    try {
      for (const day of days) await jobs.send<CreditJob>(CREDIT_JOB, { userId, day }, { key: `${userId}:${day}` })
    } catch (error) {
      log.warn({ err: error, userId }, 'energy credit not queued; the daily catch-up credits it')
    }
  }
  const deposits = depositService({
    db,
    chain,
    treasuryKey: config.treasuryKey,
    token: chain.tokens.find((t) => t.symbol === 'KNT')?.contract,
    funders: config.treasuryFunders,
  })
  const api: EarnApi = {
    settings,
    fitnessDays: async () => (await settings.get()).physical_fitness_days,
    invited: referral.invited,
    daysChanged: sendCredits,
    consentChanged: async (userId) => sendCredits(userId, await credit.windowOf(userId)),
    settlement,
    scheduler,
    deposits,
  }
  return feature('earn', api, async (server) => {
    const review = reviewService({ db, openTicket: deps.openTicket })
    registerEarnMethods(registry, earn, payouts, economy, review, deposits)
    // seeded at start, so no read is the first to write them; then the referral rewards the
    // migration listed (only reads used to pay them) are paid once
    server.addHook('onReady', async () => {
      await settings.get()
      await referral.payBacklog()
    })
    // energy: each changed day is credited by a job (retried with backoff), and every day of
    // the window once a day, for a credit that failed for good or was never sent
    jobs.define<CreditJob>(CREDIT_JOB, async ({ userId, day }) => void (await credit.creditDay(userId, day)))
    jobs.define(CATCH_UP_JOB, async () => void (await credit.catchUp()), { singleton: true, expireInSeconds: 3600 })
    jobs.schedule(CATCH_UP_JOB, CATCH_UP_CRON)
    // instances racing for a day meet at the settlement's lock: no need to run one at a time
    jobs.define(SETTLE_JOB, () => scheduler.tick(), { retryDelaySeconds: 5, expireInSeconds: 900 })
    if (config.settlementSchedule) {
      jobs.schedule(SETTLE_JOB, EVERY_MINUTE)
      server.addHook('onReady', () => jobs.send(SETTLE_JOB, {}, { key: 'start' }))
    }
    const { worker } = payouts
    if (worker) {
      // one signer at a time across instances is the signer's advisory lock (chain/signer.ts):
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
