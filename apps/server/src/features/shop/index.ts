import type { WireLang } from '@kinetic/protocol'
import { feature, type AppContext } from '../../platform/app-context.ts'
import type { PushService } from '../content/index.ts'
import type { EarnApi } from '../earn/index.ts'
import { PHYSICAL_FITNESS } from './goods.seed.ts'
import { shopConsole, type ShopConsole } from './shop.console.ts'
import { registerShopMethods } from './shop.methods.ts'
import { shopService } from './shop.service.ts'

/** The front door of the points shop: what other features may use. */
export type { ShopConsole }
/** The shop's text catalog, for the one parity test of every text catalog. */
export { SHOP_TEXT_FILES } from './goods.seed.ts'

export interface ShopApi {
  /** Buys the physical-fitness analysis with points (health's `/v1/exchange_fitness`). */
  redeemFitness: (userId: number, requestId: string, lang: WireLang) => Promise<unknown>
  /** What that redemption costs (null: not on offer) and the user's points, to confirm it first. */
  fitnessOffer: (userId: number) => Promise<{ price: number | null; points: number }>
  /** The operator console's goods and orders. */
  console: ShopConsole
}

export function shopFeature(ctx: AppContext, deps: { earn: EarnApi; push: Pick<PushService, 'notify'> }) {
  const { settings } = deps.earn
  const shop = shopService({ db: ctx.db, settings })
  const api: ShopApi = {
    redeemFitness: (userId, requestId, lang) => shop.redeem(userId, PHYSICAL_FITNESS, requestId, lang),
    fitnessOffer: (userId) => shop.offer(userId, PHYSICAL_FITNESS),
    console: shopConsole(ctx.db, settings, deps.push),
  }
  return feature('shop', api, async (server) => {
    registerShopMethods(ctx.registry, shop)
    // the goods are seeded at start, so the first read of the store writes nothing
    server.addHook('onReady', () => shop.seed())
  })
}
