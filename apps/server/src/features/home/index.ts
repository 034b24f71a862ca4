import { feature, type AppContext } from '../../platform/app-context.ts'
import type { EarnApi } from '../earn/index.ts'
import { registerHomeMethods } from './home.methods.ts'
import { homeService, type HomeService } from './home.service.ts'

/**
 * The front door of Home, a read model (docs/adr/2026-11-29-read-models-declare.md): one
 * statement built from its owners' parts, kept per user while its version holds. What it reads
 * is declared in home.reads.ts; its writes (finalize, supply, tasks) go through earn's ledger.
 */
export type { HomeService }

/** Home's methods, on earn's settings and ledger. */
export function homeFeature(ctx: AppContext, deps: { earn: Pick<EarnApi, 'settings'> }) {
  const home = homeService({ db: ctx.db, settings: deps.earn.settings })
  return feature('home', home, async () => {
    registerHomeMethods(ctx.registry, home)
  })
}
