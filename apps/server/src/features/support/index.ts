import { feature, type AppContext } from '../../platform/app-context.ts'
import type { PushService } from '../content/index.ts'
import { registerSupportMethods } from './support.methods.ts'
import { supportService, type SupportService } from './support.service.ts'

/** The front door of support (tickets, chat): what other features may use. */
export type { SupportService }
export { chatMessageCount, ticketCount } from './support.repo.ts'
export type { SupportHours } from './hours.ts'
/** Support's text catalog, for the one parity test of every text catalog. */
export { SUPPORT_TEXT_FILES } from './ticket-categories.seed.ts'

export interface SupportApi {
  support: SupportService
}

export function supportFeature(ctx: AppContext, deps: { push: Pick<PushService, 'notify'> }) {
  const api: SupportApi = {
    support: supportService({ db: ctx.db, bus: ctx.bus, uploads: ctx.uploads, push: deps.push }),
  }
  return feature('support', api, async () => {
    registerSupportMethods(ctx.registry, api.support)
  })
}
