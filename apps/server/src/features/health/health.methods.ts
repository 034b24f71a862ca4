import { health as h, type WireLang } from '@kinetic/protocol'
import type { Registry } from '../../platform/rpc/registry.ts'
import type { HealthService } from './health.service.ts'
import type { historyService } from './history.ts'

/**
 * The health operations. Redeeming the fitness analysis is a purchase in the points shop
 * (`redeemFitness`, wired in app.ts); its fulfilment unlocks the analysis.
 */
export function registerHealthMethods(
  rpc: Registry,
  service: HealthService,
  redeemFitness: (userId: number, requestId: string, lang: WireLang) => Promise<unknown>,
): void {
  rpc.handle(h.well, (p, ctx) => service.overview(ctx.user.id, p.date))
  rpc.handle(h.heartRate, (p, ctx) => service.heartRate(ctx.user.id, p.date))
  rpc.handle(h.sleep, (p, ctx) => service.sleep(ctx.user.id, p.date, ctx.lang))
  rpc.handle(h.weekly, (p, ctx) => service.weeks(ctx.user.id, p.page, p.limit))
  rpc.handle(h.weeklyInfo, (p, ctx) => service.week(ctx.user.id, p.date, ctx.lang))
  rpc.handle(h.healthPdf, (p, ctx) => service.pdf(ctx.user.id, p, ctx.lang))
  rpc.handle(h.motion, (p, ctx) => service.motion(ctx.user.id, p.date, p.page, p.limit))
  rpc.handle(h.motionInfo, (p, ctx) => service.motionInfo(ctx.user.id, p.id))
  rpc.handle(h.motionImport, (p, ctx) => service.importWorkout(ctx.user.id, p))
  rpc.handle(h.target, (_p, ctx) => service.target(ctx.user.id))
  rpc.handle(h.targetPost, (p, ctx) => service.setTarget(ctx.user.id, p))
  rpc.handle(h.authorize, (p, ctx) => service.authorize(ctx.user.id, p))
  rpc.handle(h.wellInfo, (_p, ctx) => service.questionnaire(ctx.user.id, ctx.lang))
  rpc.handle(h.wellInfoUp, (p, ctx) => service.answerQuestionnaire(ctx.user.id, p.answers, ctx.lang))
  rpc.handle(h.fitness, (_p, ctx) => service.fitness(ctx.user.id, ctx.lang))
  rpc.handle(h.exchangeFitness, async (p, ctx) => {
    await redeemFitness(ctx.user.id, p.request_id, ctx.lang)
    return service.fitness(ctx.user.id, ctx.lang)
  })
}

/** Months and years of the day rollups, and the weight log. */
export function registerHistoryMethods(rpc: Registry, service: ReturnType<typeof historyService>): void {
  rpc.handle(h.healthTrend, (p, ctx) => service.trend(ctx.user.id, p))
  rpc.handle(h.weightLog, (p, ctx) => service.weights(ctx.user.id, p.page, p.limit))
  rpc.handle(h.weightAdd, (p, ctx) => service.addWeight(ctx.user.id, p))
  rpc.handle(h.weightEdit, (p, ctx) => service.editWeight(ctx.user.id, p))
  rpc.handle(h.weightDelete, (p, ctx) => service.deleteWeight(ctx.user.id, p.id))
}
