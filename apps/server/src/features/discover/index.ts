import { feature, type AppContext } from '../../platform/app-context.ts'
import type { EarnApi } from '../earn/index.ts'
import { registerDiscoverMethods } from './discover.methods.ts'
import { discoverService, type DiscoverService } from './discover.service.ts'

/**
 * The front door of Discover, a read model with its user's actions (pledge, unpledge, receive):
 * the page is one statement over the settlement's tables (earn's), kept per user while its
 * versions hold. What it reads is declared in discover.reads.ts.
 */
export type { DiscoverService }

/** Discover's methods; the settlement's check releases due cool-downs after settling. */
export function discoverFeature(ctx: AppContext, deps: { earn: Pick<EarnApi, 'settings' | 'scheduler'> }) {
  const discover = discoverService({ db: ctx.db, settings: deps.earn.settings })
  deps.earn.scheduler.after(() => discover.releaseDue())
  return feature('discover', discover, async () => {
    registerDiscoverMethods(ctx.registry, discover)
  })
}
