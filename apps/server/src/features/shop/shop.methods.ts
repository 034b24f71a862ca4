import { shop } from '@kinetic/protocol'
import type { Registry } from '../../platform/rpc/registry.ts'
import type { ShopService } from './shop.service.ts'

/** The shop: every order id is checked against the caller (another's answers ORDER_NOT_FOUND). */
export function registerShopMethods(rpc: Registry, service: ShopService): void {
  rpc.handle(shop.store, (p, ctx) => service.store(ctx.user.id, p, ctx.lang))
  rpc.handle(shop.buy, (p, ctx) => service.buy(ctx.user.id, p, ctx.lang))
  rpc.handle(shop.orders, (p, ctx) => service.orders(ctx.user.id, p, ctx.lang))
  rpc.handle(shop.order, (p, ctx) => service.order(ctx.user.id, p.id, ctx.lang))
}
