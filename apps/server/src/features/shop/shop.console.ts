import { fillTexts, type admin, type Params, type Texts, type WireLang } from '@kinetic/protocol'
import { randomBytes } from 'node:crypto'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/rpc/app-error.ts'
import { messageUrl, postSystemMessage, type PushService } from '../content/index.ts'
import { shopText } from './goods.seed.ts'
import { shopRepo, type GoodFields, type GoodRow, type OrderRow } from './shop.repo.ts'
import type { EarnSettings } from '../earn/index.ts'
import { orderView, seedGoods, shownTexts } from './shop.service.ts'

type GoodParams = Params<typeof admin.goodEdit>

const orderShippedMessage = (good: Texts, orderId: number): { title: Texts; content: Texts } => ({
  title: shopText('orderShipped.title'),
  content: fillTexts(shopText('orderShipped.content'), { order: orderId, good }),
})

/** A physical good is shipped and grants nothing; a virtual one must grant something. */
function goodFields(p: Omit<GoodParams, 'id'>): GoodFields {
  if ((p.kind === 'physical') !== (p.fulfilment === ''))
    throw new AppError('FIELD_INVALID', { field: 'fulfilment', args: { field: 'fulfilment' } })
  return {
    kind: p.kind,
    name: p.name,
    description: p.description,
    pricePoints: p.price,
    fulfilment: p.fulfilment,
    active: p.active,
  }
}

function consoleOrder(row: { order: OrderRow; good: GoodRow; userLabel: string }, lang: WireLang, days: number) {
  return { ...orderView(row.order, row.good, lang, days), user: { id: row.order.userId, label: row.userLabel } }
}

/**
 * The shop as the operator console runs it: goods of both kinds, their stock, and
 * the physical orders' steps. Purchases and fulfilment stay in `shop.service.ts`.
 */
export function shopConsole(db: Db, settings: EarnSettings, push: Pick<PushService, 'notify'>) {
  const repo = shopRepo(db)
  const fitnessDays = async () => (await settings.get()).physical_fitness_days
  let seeded = false
  return {
    async goods(page: number, limit: number) {
      // the seeded goods are listed even before any user opened the shop (seeding keeps an operator's edits)
      if (!seeded) await seedGoods(repo)
      seeded = true
      const [{ rows, total }, days] = await Promise.all([repo.allGoods(page, limit), fitnessDays()])
      const list = rows.map(({ good: g, sold }) => ({
        id: g.id,
        kind: g.kind as admin.ConsoleGood['kind'],
        name: g.name,
        shown_name: shownTexts(g.name, days),
        description: g.description,
        price: g.pricePoints,
        stock: g.stock,
        sold,
        fulfilment: g.fulfilment,
        active: g.active,
      }))
      return { list, total, page, limit }
    },

    /** Adds a good (its slug is generated: only seeded goods have a meaningful one). */
    addGood: (p: Params<typeof admin.goodAdd>) =>
      repo.insertGood({ ...goodFields(p), slug: `console-${randomBytes(6).toString('hex')}`, stock: p.stock ?? null }),

    async editGood(p: GoodParams): Promise<void> {
      const fields = goodFields(p)
      if (!(await repo.updateGood(p.id, fields))) throw new AppError('GOOD_NOT_FOUND', { field: 'id' })
    },

    /** Adds or removes units; removing more than are left unsold is refused, nothing changes. */
    async addStock(id: number, delta: number): Promise<number> {
      const stock = await repo.addStock(id, delta)
      if (stock !== undefined) return stock
      const good = await repo.goodById(id)
      if (!good) throw new AppError('GOOD_NOT_FOUND', { field: 'id' })
      if (good.stock === null) throw new AppError('STOCK_UNLIMITED', { field: 'delta' })
      throw new AppError('STOCK_BELOW_SOLD', { field: 'delta' })
    },

    async orders(p: Params<typeof admin.orders>, lang: WireLang) {
      const [{ rows, total }, days] = await Promise.all([repo.allOrders(p.status, p.page, p.limit), fitnessDays()])
      return { list: rows.map((r) => consoleOrder(r, lang, days)), total, page: p.page, limit: p.limit }
    },

    /**
     * Moves a physical order one step (paid → shipped → completed) with a compare-and-set,
     * so two operators cannot ship it twice; shipping posts the user a system message in
     * the same transaction and, once committed, pushes it.
     */
    async advance(id: number, to: 'shipped' | 'completed', lang: WireLang) {
      const from = to === 'shipped' ? 'paid' : 'shipped'
      const days = await fitnessDays()
      const row = await db.transaction(async (tx) => {
        const txRepo = shopRepo(tx)
        const moved = await txRepo.transition(id, from, to)
        const order = await txRepo.orderById(id)
        if (!order) throw new AppError('ORDER_NOT_FOUND', { field: 'id' })
        if (!moved) throw new AppError('ORDER_STEP_INVALID', { field: 'status' })
        const shipped = to === 'shipped' ? orderShippedMessage(shownTexts(order.good.name, days), id) : undefined
        const messageId = shipped ? await postSystemMessage(tx, order.order.userId, shipped) : undefined
        return { order, shipped, messageId }
      })
      if (row.shipped && row.messageId !== undefined)
        await push.notify(row.order.order.userId, {
          kind: 'shipped',
          title: row.shipped.title,
          body: row.shipped.content,
          url: messageUrl(row.messageId),
        })
      return { order: consoleOrder(row.order, lang, days), from }
    },
  }
}
export type ShopConsole = ReturnType<typeof shopConsole>
