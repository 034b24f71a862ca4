import type { FastifyRequest } from 'fastify'
import { feature, type AppContext } from '../../platform/app-context.ts'
import type { ContentApi } from '../content/index.ts'
import type { DeviceApi } from '../device/index.ts'
import type { EarnApi } from '../earn/index.ts'
import type { Disputes } from '../health/index.ts'
import type { ShopApi } from '../shop/index.ts'
import type { SupportApi } from '../support/index.ts'
import { registerAdminMethods } from './admin.methods.ts'
import { adminService, type AdminService } from './admin.service.ts'

/** The front door of the operator console: what app.ts and main.ts may use. */
export { createOperator, type AdminService } from './admin.service.ts'

export interface AdminApi {
  admin: AdminService
  /** Console sessions (their own cookie): the dispatcher resolves operators with it. */
  sessions: AdminService['sessions']
  /** The operator a request's console session belongs to (the console's socket). */
  operatorOf: (request: FastifyRequest) => Promise<number | undefined>
}

/** The operator console: its methods, and operators' reading of support's images. */
export function adminFeature(
  ctx: AppContext,
  deps: {
    content: ContentApi
    support: SupportApi
    earn: EarnApi
    shop: ShopApi
    device: DeviceApi
    health: { disputes: Disputes }
  },
) {
  const { support } = deps.support
  const admin = adminService({
    db: ctx.db,
    support,
    messages: deps.content.messages,
    content: deps.content.content,
    settings: deps.earn.settings,
    shop: deps.shop.console,
    deviceBatches: deps.device.batches,
    settlement: deps.earn.settlement,
    deposits: deps.earn.deposits,
    disputes: deps.health.disputes,
  })
  const api: AdminApi = {
    admin,
    sessions: admin.sessions,
    operatorOf: async (request) => (await admin.sessions.resolve(request))?.operatorId,
  }
  return feature('admin', api, async () => {
    registerAdminMethods(ctx.registry, admin)
    // operators read the images of tickets and chats (users read their own already)
    ctx.uploads.addReadRule(
      async (file, _viewers, request) =>
        (await admin.sessions.resolve(request)) !== undefined && (await support.isSupportFile(file.id)),
    )
  })
}
