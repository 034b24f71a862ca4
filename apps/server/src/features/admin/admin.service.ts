import type { admin, content, Params, Result, support, Texts, WireLang } from '@kinetic/protocol'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { hashPassword, verifyDecoy, verifyPassword } from '../../platform/auth/passwords.ts'
import type { Db } from '../../platform/db/client.ts'
import { jobsRepo } from '../../platform/jobs/jobs.repo.ts'
import { AppError } from '../../platform/rpc/app-error.ts'
import type { ContentService, MessagesService } from '../content/index.ts'
import type { DeviceBatches } from '../device/index.ts'
import {
  parseSettingText,
  settingsAsText,
  utcDay,
  type DepositService,
  type EarnSettings,
  type SettlementService,
} from '../earn/index.ts'
import type { Disputes } from '../health/index.ts'
import type { ShopConsole } from '../shop/index.ts'
import type { SupportHours, SupportService } from '../support/index.ts'
import { adminRepo } from './admin.repo.ts'
import { operatorSessions } from './operator-sessions.ts'

export interface AdminDeps {
  db: Db
  support: SupportService
  messages: MessagesService
  content: ContentService
  shop: ShopConsole
  deviceBatches: DeviceBatches
  settings: EarnSettings
  settlement: SettlementService
  deposits: DepositService
  /** Health's reviews of a workout imported into two accounts. */
  disputes: Disputes
}

/** The signed-in operator of a console request. */
export type OperatorCtx = { operatorId: number; sessionId: number }

/** Wrong passwords in a row before an operator's sign-in is locked, and for how long. */
export const OPERATOR_LOCK_AFTER = 10
export const OPERATOR_LOCK_MINUTES = 15

/** Creates an operator, or sets a new password for an existing one (CLI, ADMIN_EMAIL at start). */
export async function createOperator(db: Db, email: string, password: string, name = ''): Promise<number> {
  const passwordHash = await hashPassword(password)
  return adminRepo(db).insertOperator({ email: email.trim().toLowerCase(), name, passwordHash })
}

/**
 * The operator console. Every change an operator makes — and every sign-in,
 * sign-out and user lookup — is written to the audit log: who, what, target, details.
 */
const hoursView = (h: SupportHours) => ({
  time_zone: h.timeZone,
  days: h.days,
  open: h.open,
  close: h.close,
  reply_hours: h.replyHours,
})

export function adminService(deps: AdminDeps) {
  const repo = adminRepo(deps.db)
  const sessions = operatorSessions(repo)
  const audit = (op: OperatorCtx, action: string, target: string, details: Record<string, unknown> = {}) =>
    repo.audit({ operatorId: op.operatorId, action, target, details })
  const asOperator = (op: OperatorCtx) => ({ kind: 'operator' as const, operatorId: op.operatorId })

  return {
    sessions,

    createOperator: (email: string, password: string, name = '') => createOperator(deps.db, email, password, name),

    async login(request: FastifyRequest, reply: FastifyReply, email: string, password: string) {
      const operator = await repo.operatorByEmail(email)
      const valid = operator ? await verifyPassword(operator.passwordHash, password) : await verifyDecoy(password)
      if (operator?.lockedUntil && operator.lockedUntil > new Date()) throw new AppError('TOO_MANY_ATTEMPTS')
      if (!operator || !valid) {
        if (operator) await repo.recordFailedLogin(operator.id, OPERATOR_LOCK_AFTER, OPERATOR_LOCK_MINUTES)
        throw new AppError('LOGIN_FAILED', { field: 'password' })
      }
      if (operator.failedLogins > 0) await repo.resetFailedLogins(operator.id)
      await sessions.signIn(request, reply, operator.id)
      await repo.audit({
        operatorId: operator.id,
        action: 'login',
        target: `operator:${operator.id}`,
        details: { ip: request.ip },
      })
      return { operator: { id: operator.id, email: operator.email, name: operator.name } }
    },

    async logout(reply: FastifyReply, op: OperatorCtx) {
      await audit(op, 'logout', `operator:${op.operatorId}`)
      await sessions.signOut(reply, op.sessionId)
    },

    async me(op: OperatorCtx) {
      const operator = await repo.operatorById(op.operatorId)
      if (!operator) throw new Error('console request of a deleted operator')
      return { operator: { id: operator.id, email: operator.email, name: operator.name } }
    },

    chats: (page: number, limit: number) => deps.support.conversations(page, limit),

    async chat(userId: number, window: { after_id?: number; before_id?: number; limit: number }) {
      const user = await deps.support.userLabel(userId)
      return { user, ...(await deps.support.chatHistory(userId, window)) }
    },

    async sendChat(op: OperatorCtx, userId: number, message: { client_id: string; content: string }) {
      await deps.support.userLabel(userId)
      const sent = await deps.support.sendChat(userId, 'operator', message, op.operatorId)
      await audit(op, 'chat.send', `user:${userId}`, { message_id: sent.id, content: message.content })
      return sent
    },

    tickets: (
      op: OperatorCtx,
      filter: { status?: support.TicketStatus; page: number; limit: number },
      lang: WireLang,
    ) => deps.support.tickets(asOperator(op), filter, lang),

    ticket: (op: OperatorCtx, id: number, lang: WireLang) => deps.support.conversation(id, asOperator(op), lang),

    async replyTicket(op: OperatorCtx, id: number, content: string) {
      await deps.support.reply(id, asOperator(op), content)
      await audit(op, 'ticket.reply', `ticket:${id}`, { content })
    },

    async closeTicket(op: OperatorCtx, id: number) {
      await deps.support.close(id, asOperator(op))
      await audit(op, 'ticket.close', `ticket:${id}`)
    },

    supportHours: async () => hoursView(await deps.support.workingHours()),

    async setSupportHours(op: OperatorCtx, p: Params<typeof admin.supportHoursSet>) {
      const hours = { timeZone: p.time_zone, days: p.days, open: p.open, close: p.close, replyHours: p.reply_hours }
      const before = await deps.support.workingHours()
      await deps.support.setWorkingHours(hours)
      await audit(op, 'support_hours.set', 'support_hours', { from: hoursView(before), to: hoursView(hours) })
      return hoursView(hours)
    },

    notices: (page: number, limit: number) => deps.messages.notices(page, limit),

    async publishNotice(op: OperatorCtx, notice: { title: Texts; content: Texts }) {
      const id = await deps.messages.publishNotice(op.operatorId, notice)
      await audit(op, 'notice.publish', `message:${id}`, { title: notice.title })
      return { id }
    },

    version: () => deps.content.appVersion(),

    async setVersion(op: OperatorCtx, version: string) {
      const before = (await deps.content.appVersion()).app_version
      await deps.content.setAppVersion(version)
      await audit(op, 'app_version.set', 'app_settings:app_version', { from: before, to: version })
      return { app_version: version }
    },

    articles: (type: content.ArticleType) => deps.content.articleTexts(type),

    async saveArticle(
      op: OperatorCtx,
      params: { type: content.ArticleType; lang_code: WireLang; title: string; content: string },
    ) {
      await deps.content.saveArticle(params.type, params.lang_code, params)
      await audit(op, 'article.save', `article:${params.type}:${params.lang_code}`, { title: params.title })
    },

    async lookUpUser(op: OperatorCtx, query: string) {
      const id = /^\d{1,15}$/.test(query) ? Number(query) : undefined
      const user = await repo.findUser({ id, text: query })
      await audit(op, 'user.lookup', user ? `user:${user.id}` : 'user:none', { query })
      if (!user) throw new AppError('USER_NOT_FOUND', { field: 'query' })
      return {
        id: user.id,
        email: user.email ?? '',
        phone: user.phone ? `+${user.phonePrefix ?? ''} ${user.phone}` : '',
        nickname: user.nickname,
        gender: user.gender,
        birthday: user.birthday ?? '',
        invite_code: user.inviteCode,
        created_at: user.createdAt.toISOString(),
        tickets: user.tickets,
        chat_messages: user.chatMessages,
      }
    },

    goods: (page: number, limit: number) => deps.shop.goods(page, limit),

    async addGood(op: OperatorCtx, p: Params<typeof admin.goodAdd>) {
      const id = await deps.shop.addGood(p)
      await audit(op, 'good.add', `good:${id}`, { ...p })
      return { id }
    },

    async editGood(op: OperatorCtx, p: Params<typeof admin.goodEdit>) {
      await deps.shop.editGood(p)
      const { id, ...fields } = p
      await audit(op, 'good.edit', `good:${id}`, fields)
    },

    async addStock(op: OperatorCtx, id: number, delta: number) {
      const stock = await deps.shop.addStock(id, delta)
      await audit(op, 'good.stock', `good:${id}`, { delta, stock })
      return { stock }
    },

    orders: (p: Params<typeof admin.orders>, lang: WireLang) => deps.shop.orders(p, lang),

    async advanceOrder(op: OperatorCtx, id: number, to: 'shipped' | 'completed', lang: WireLang) {
      const { order, from } = await deps.shop.advance(id, to, lang)
      await audit(op, 'order.advance', `order:${id}`, { from, to, user_id: order.user.id })
      return { order }
    },

    deviceBatches: (page: number, limit: number) => deps.deviceBatches.list(page, limit),

    async issueDeviceBatch(op: OperatorCtx, model: string, count: number) {
      const issued = await deps.deviceBatches.issue(model, count)
      // the activation codes are never logged: the audit log names the batch only
      await audit(op, 'device_batch.issue', `device_batch:${issued.batch}`, { model, count })
      return issued
    },

    earnSettings: async () => ({ list: settingsAsText(await deps.settings.get()) }),

    async setEarnSetting(op: OperatorCtx, key: string, text: string) {
      const setting = parseSettingText(key, text)
      const shown = async () => settingsAsText(await deps.settings.get()).find((s) => s.key === key)?.value ?? ''
      const before = await shown()
      await deps.settings.set(setting.key, setting.value)
      const after = await shown()
      await audit(op, 'earn_setting.set', `earn_settings:${key}`, { from: before, to: after })
      return { key, value: after }
    },

    /** Settles a UTC day up to today now (exactly once: a settled day answers its run and pays nothing). */
    async settle(op: OperatorCtx, day: string) {
      if (day > utcDay()) throw new AppError('SETTLEMENT_DAY_FUTURE', { field: 'day' })
      const settled = await deps.settlement.settle(day)
      await audit(op, 'settlement.settle', `settlement:${day}`, {
        created: settled.created,
        issued: settled.run.issued,
      })
      return settled
    },

    settlements: (page: number, limit: number) => deps.settlement.list(page, limit),

    /** Background jobs' history (pg-boss), newest first, and the job names there are. */
    async jobs(p: Params<typeof admin.jobs>) {
      const jobs = jobsRepo(deps.db)
      const [{ list, total }, names] = await Promise.all([jobs.history(p), jobs.names()])
      return {
        list: list.map((j) => ({
          id: j.id,
          name: j.name,
          state: j.state,
          attempts: j.attempts,
          key: j.key,
          created_at: j.createdAt.toISOString(),
          started_at: j.startedAt?.toISOString() ?? null,
          finished_at: j.finishedAt?.toISOString() ?? null,
          error: j.error,
        })),
        total,
        page: p.page,
        limit: p.limit,
        names,
      }
    },

    heldDeposits: (page: number, limit: number) => deps.deposits.held(page, limit),

    /** Credits a held KNT deposit to an account (once per transfer). */
    async creditDeposit(op: OperatorCtx, id: number, userId: number) {
      const deposit = await deps.deposits.creditHeld(id, userId)
      await audit(op, 'deposit.credit', `deposit:${id}`, {
        user_id: userId,
        amount: deposit.amount,
        hash: deposit.hash,
      })
      return { deposit }
    },

    /** Workouts imported into two accounts, waiting for a decision. */
    async workoutDisputes(page: number, limit: number): Promise<Result<typeof admin.workoutDisputes>> {
      const { rows, total } = await deps.disputes.open(page, limit)
      const side = (r: (typeof rows)[number], s: 'held' | 'frozen') => ({
        workout_id: Number(r[`${s}_id`]),
        user: { id: Number(r[`${s}_user`]), label: r[`${s}_label`] },
        source: r[`${s}_source`],
        start: new Date(r[`${s}_start`]).toISOString(),
        claim: r[`${s}_claim`],
      })
      return {
        list: rows.map((r) => ({
          id: Number(r.id),
          created_at: new Date(r.created_at).toISOString(),
          type: r.type,
          duration_s: r.duration_s,
          distance_m: r.distance_m,
          held: side(r, 'held'),
          frozen: side(r, 'frozen'),
        })),
        total,
        page,
        limit,
      }
    },

    /** Decides which import of a workout earns (once: a repeat answers the same). */
    async decideWorkout(op: OperatorCtx, id: number, workoutId: number) {
      const decided = await deps.disputes.decide(id, workoutId, op.operatorId)
      await audit(op, 'workout.decide', `workout_dispute:${id}`, { winner: workoutId })
      return decided
    },

    /** Deposits credited before proofs from an address the account never proved (the one-off repair). */
    unprovenCredits: (page: number, limit: number) => deps.deposits.creditedUnproven(page, limit),

    /** Holds or reverses one of them; the audit says which, and whether the reversal could be made. */
    async repairUnproven(op: OperatorCtx, id: number, action: 'hold' | 'reverse') {
      const { deposit, reversed, user_id } = await deps.deposits.repairUnproven(id, action)
      await audit(op, `deposit.unproven_${action}`, `deposit:${id}`, {
        user_id,
        amount: deposit.amount,
        hash: deposit.hash,
        reversed,
      })
      return { deposit, reversed }
    },

    /** Marks a held, never credited deposit returned on chain. */
    async returnDeposit(op: OperatorCtx, id: number) {
      const deposit = await deps.deposits.returnHeld(id)
      await audit(op, 'deposit.return', `deposit:${id}`, { amount: deposit.amount, hash: deposit.hash })
      return { deposit }
    },

    async auditLog(page: number, limit: number) {
      const { rows, total } = await repo.auditPage(page, limit)
      return {
        list: rows.map((r) => ({
          id: r.id,
          operator: r.operator,
          action: r.action,
          target: r.target,
          details: JSON.stringify(r.details),
          created_at: r.createdAt.toISOString(),
        })),
        total,
        page,
        limit,
      }
    },
  }
}
export type AdminService = ReturnType<typeof adminService>
