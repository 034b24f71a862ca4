import { health as h, type WireLang } from '@kinetic/protocol'
import { feature, type AppContext } from '../../platform/app-context.ts'
import type { Db } from '../../platform/db/client.ts'
import { dataImport } from './data-import.ts'
import { registerExportRoute } from './export.routes.ts'
import { registerHealthMethods, registerHistoryMethods } from './health.methods.ts'
import { historyService } from './history.ts'
import { healthRepo } from './health.repo.ts'
import { healthService } from './health.service.ts'
import type { HealthHooks } from './hooks.ts'
import { ingestService, type IngestService } from './ingest.ts'
import { PARTITIONS_CRON, PARTITIONS_JOB, rawStorage } from './raw-retention.ts'
import { disputes } from './claims.ts'

/** The front door of health (samples, rollups, reports, consents, fitness passes): what other features may use. */
export { consentFrom, consentOf, type ConsentKind } from './consent.ts'
export { addDays, today, weekStart } from './dates.ts'
export { dayTotals, hrAvg, round } from './day-stats.ts'
export { percentOf } from './formulas.ts'
export { ingestService, prepareBatch, type IngestService } from './ingest.ts'
export { healthReads, type HealthDay } from './reads.ts'
export { effortReads, NO_EFFORT, type DayEffort, type EffortReads } from './effort.ts'
/** Health's reads as parts of another feature's one-statement read (Home's). */
export { healthParts } from './health.repo.ts'
export { REDUCED_PERCENT, type Verdict as EffortVerdict } from './plausibility.ts'
export type { HealthHooks } from './hooks.ts'
export type { Disputes } from './claims.ts'
export type { RawStorage } from './raw-retention.ts'

/**
 * Unlocks the physical-fitness analysis `days` more for a user, from the later of now and the
 * current expiry, on `tx`: the shop grants it inside the purchase's transaction.
 */
export const grantFitnessPass = (tx: Db, userId: number, days: number): Promise<void> =>
  healthRepo(tx).extendFitnessPass(userId, days)

/** Health's ingest of watch batches (the device feature's HTTP API stores samples through it). */
export const healthIngest = (ctx: AppContext, hooks?: HealthHooks): IngestService =>
  ingestService(ctx.db, hooks, ctx.config.rawRetentionDays)

/**
 * The demo user's weeks of data (development only, main.ts): loaded on demand, since it needs
 * the development dependencies (the watch simulator).
 */
export const loadDemoData = () => import('./demo.ts')

export interface HealthDeps {
  /** The user's watches (the device feature's). */
  presence: (userId: number) => Promise<{ bound: number; online: boolean }>
  /** How many days a purchase of the fitness analysis unlocks (the operator's setting). */
  fitnessDays: () => Promise<number>
  /** What a redemption of the fitness analysis costs and the user's points (the shop's). */
  fitnessOffer: (userId: number) => Promise<{ price: number | null; points: number }>
  /** Buys the physical-fitness analysis with points (the shop's redemption). */
  redeemFitness: (userId: number, requestId: string, lang: WireLang) => Promise<unknown>
  /** Sets the profile's weight (the account's), on the weight log's transaction. */
  setProfileWeight: (tx: Db, userId: number, kg: number) => Promise<void>
  hooks?: HealthHooks
}

export function healthFeature(ctx: AppContext, deps: HealthDeps) {
  const raw = rawStorage(ctx.db, ctx.config.rawRetentionDays)
  // the operator's review of a workout imported into two accounts (the console's)
  const reviews = disputes(ctx.db, deps.hooks)
  return feature('health', { raw, disputes: reviews }, async (app) => {
    // raw samples' day partitions: made a week ahead, dropped past RAW_RETENTION_DAYS, once a day
    // (a sample of a day without its partition waits in the default partition meanwhile)
    ctx.jobs.define(PARTITIONS_JOB, async () => void (await raw.maintain()), {
      singleton: true,
      expireInSeconds: 3600,
    })
    ctx.jobs.schedule(PARTITIONS_JOB, PARTITIONS_CRON)
    const imports = dataImport(ctx.db, deps.hooks, ctx.config.rawRetentionDays)
    ctx.registry.handleUpload(h.healthImport, (_p, file, rc) => imports.importFile(rc.user.id, file))
    registerExportRoute(app, ctx, raw)
    registerHealthMethods(
      ctx.registry,
      healthService({
        db: ctx.db,
        presence: deps.presence,
        fitnessDays: deps.fitnessDays,
        fitnessOffer: deps.fitnessOffer,
        hooks: deps.hooks,
        raw,
      }),
      deps.redeemFitness,
    )
    registerHistoryMethods(ctx.registry, historyService(ctx.db, deps.setProfileWeight))
  })
}
