import { health as h } from '@kinetic/protocol'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../platform/app-context.ts'
import { requestLang } from '../../platform/rpc/dispatcher.ts'
import { fail, unauthorized } from '../../platform/rpc/envelope.ts'
import { exportRangeOk, exportZip } from './export.ts'
import type { RawStorage } from './raw-retention.ts'
import { healthRepo } from './health.repo.ts'

/**
 * `GET /v1/health/export?from=&to=&account=`: the signed-in account's data as a zip, streamed
 * (a plain link downloads it). `account` names which of the device's signed-in accounts, as
 * `X-Account` does; another account's id answers 401 like no session. Never cached.
 */
export function registerExportRoute(app: FastifyInstance, ctx: AppContext, raw: Pick<RawStorage, 'rawKept'>): void {
  app.get<{ Querystring: { from?: string; to?: string; account?: string } }>(
    h.HEALTH_EXPORT_PATH,
    async (request, reply) => {
      const lang = requestLang(request)
      const { from = '', to = '', account } = request.query
      const live = await ctx.sessions.deviceSessions(request)
      const wanted = account !== undefined && /^\d{1,15}$/.test(account) ? Number(account) : undefined
      const session = wanted === undefined ? live[0] : live.find((s) => s.userId === wanted)
      if (!session) return reply.code(401).header('cache-control', 'no-store').send(unauthorized(lang))
      const { timeZone } = await healthRepo(ctx.db).profile(session.userId)
      if (!exportRangeOk(from, to, timeZone))
        return reply.code(400).header('cache-control', 'no-store').send(fail('HEALTH_EXPORT_RANGE_INVALID', lang))
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="kinetic-health-${from}-${to}.zip"`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(exportZip(ctx.db, session.userId, from, to, await raw.rawKept(timeZone)))
    },
  )
}
