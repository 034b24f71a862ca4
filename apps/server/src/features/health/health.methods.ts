import { health as h } from '@kinetic/protocol'
import type { Registry } from '../../platform/rpc/registry.ts'
import type { HealthService } from './health.service.ts'

/** The health operations; `/v1/exchange_fitness` stays pending until the points ledger (issue 5). */
export function registerHealthMethods(rpc: Registry, service: HealthService): void {
  rpc.handle(h.well, (p, ctx) => service.overview(ctx.user.id, p.date))
  rpc.handle(h.heartRate, (p, ctx) => service.heartRate(ctx.user.id, p.date))
  rpc.handle(h.sleep, (p, ctx) => service.sleep(ctx.user.id, p.date))
  rpc.handle(h.weekly, (p, ctx) => service.weeks(ctx.user.id, p.page, p.limit))
  rpc.handle(h.weeklyInfo, (p, ctx) => service.week(ctx.user.id, p.date, ctx.lang))
  rpc.handle(h.motion, (p, ctx) => service.motion(ctx.user.id, p.date, p.page, p.limit))
  rpc.handle(h.motionInfo, (p, ctx) => service.motionInfo(ctx.user.id, p.id))
  rpc.handle(h.motionImport, (p, ctx) => service.importWorkout(ctx.user.id, p))
  rpc.handle(h.target, (_p, ctx) => service.target(ctx.user.id))
  rpc.handle(h.targetPost, (p, ctx) => service.setTarget(ctx.user.id, p))
  rpc.handle(h.authorize, (p, ctx) => service.authorize(ctx.user.id, p))
  rpc.handle(h.wellInfo, (_p, ctx) => service.questionnaire(ctx.user.id, ctx.lang))
  rpc.handle(h.wellInfoUp, (p, ctx) => service.answerQuestionnaire(ctx.user.id, p.answers, ctx.lang))
  rpc.handle(h.fitness, (_p, ctx) => service.fitness(ctx.user.id))
}
