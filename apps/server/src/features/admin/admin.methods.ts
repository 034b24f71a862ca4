import { admin } from '@kinetic/protocol'
import type { AuthedContext, Registry } from '../../platform/rpc/registry.ts'
import type { AdminService, OperatorCtx } from './admin.service.ts'

const ok = { ok: true as const }
/** On /v1/admin/index the dispatcher resolves the operator's session into `ctx.user`. */
const operatorOf = (ctx: AuthedContext): OperatorCtx => ({ operatorId: ctx.user.id, sessionId: ctx.user.sessionId })

export function registerAdminMethods(rpc: Registry, service: AdminService): void {
  rpc.handle(admin.login, (params, ctx) => service.login(ctx.request, ctx.reply, params.email, params.password))
  rpc.handle(admin.logout, async (_params, ctx) => {
    await service.logout(ctx.reply, operatorOf(ctx))
    return ok
  })
  rpc.handle(admin.me, (_params, ctx) => service.me(operatorOf(ctx)))

  rpc.handle(admin.chats, (params) => service.chats(params.page, params.limit))
  rpc.handle(admin.chat, (params) => service.chat(params.user_id, params))
  rpc.handle(admin.chatSend, (params, ctx) => service.sendChat(operatorOf(ctx), params.user_id, params))

  rpc.handle(admin.tickets, (params, ctx) => service.tickets(operatorOf(ctx), params, ctx.lang))
  rpc.handle(admin.ticket, (params, ctx) => service.ticket(operatorOf(ctx), params.id, ctx.lang))
  rpc.handle(admin.ticketReply, async (params, ctx) => {
    await service.replyTicket(operatorOf(ctx), params.id, params.content)
    return ok
  })
  rpc.handle(admin.ticketClose, async (params, ctx) => {
    await service.closeTicket(operatorOf(ctx), params.id)
    return ok
  })

  rpc.handle(admin.supportHours, () => service.supportHours())
  rpc.handle(admin.supportHoursSet, (params, ctx) => service.setSupportHours(operatorOf(ctx), params))

  rpc.handle(admin.notices, (params) => service.notices(params.page, params.limit))
  rpc.handle(admin.noticeAdd, (params, ctx) => service.publishNotice(operatorOf(ctx), params))

  rpc.handle(admin.version, () => service.version())
  rpc.handle(admin.setVersion, (params, ctx) => service.setVersion(operatorOf(ctx), params.app_version))

  rpc.handle(admin.articles, (params) => service.articles(params.type))
  rpc.handle(admin.articleSave, async (params, ctx) => {
    await service.saveArticle(operatorOf(ctx), params)
    return ok
  })

  rpc.handle(admin.goods, (params) => service.goods(params.page, params.limit))
  rpc.handle(admin.goodAdd, (params, ctx) => service.addGood(operatorOf(ctx), params))
  rpc.handle(admin.goodEdit, async (params, ctx) => {
    await service.editGood(operatorOf(ctx), params)
    return ok
  })
  rpc.handle(admin.stock, (params, ctx) => service.addStock(operatorOf(ctx), params.id, params.delta))
  rpc.handle(admin.orders, (params, ctx) => service.orders(params, ctx.lang))
  rpc.handle(admin.orderAdvance, (params, ctx) =>
    service.advanceOrder(operatorOf(ctx), params.id, params.status, ctx.lang),
  )

  rpc.handle(admin.heldDeposits, (params) => service.heldDeposits(params.page, params.limit))
  rpc.handle(admin.depositCredit, (params, ctx) => service.creditDeposit(operatorOf(ctx), params.id, params.user_id))
  rpc.handle(admin.depositReturn, (params, ctx) => service.returnDeposit(operatorOf(ctx), params.id))
  rpc.handle(admin.unprovenCredits, (params) => service.unprovenCredits(params.page, params.limit))
  rpc.handle(admin.unprovenRepair, (params, ctx) => service.repairUnproven(operatorOf(ctx), params.id, params.action))

  rpc.handle(admin.workoutDisputes, (params) => service.workoutDisputes(params.page, params.limit))
  rpc.handle(admin.workoutDecide, (params, ctx) => service.decideWorkout(operatorOf(ctx), params.id, params.workout_id))

  rpc.handle(admin.deviceBatches, (params) => service.deviceBatches(params.page, params.limit))
  rpc.handle(admin.deviceBatchAdd, (params, ctx) =>
    service.issueDeviceBatch(operatorOf(ctx), params.model, params.count),
  )

  rpc.handle(admin.earnSettings, () => service.earnSettings())
  rpc.handle(admin.earnSettingSet, (params, ctx) => service.setEarnSetting(operatorOf(ctx), params.key, params.value))

  rpc.handle(admin.settle, (params, ctx) => service.settle(operatorOf(ctx), params.day))
  rpc.handle(admin.settlements, (params) => service.settlements(params.page, params.limit))
  rpc.handle(admin.jobs, (params) => service.jobs(params))

  rpc.handle(admin.userLookup, (params, ctx) => service.lookUpUser(operatorOf(ctx), params.query))
  rpc.handle(admin.audit, (params) => service.auditLog(params.page, params.limit))
}
