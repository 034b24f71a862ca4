import type { Params, shop, Texts, WireLang } from '@kinetic/protocol'
import type { Db } from '../../platform/db/client.ts'
import { seedDecision, textVersion } from '../../platform/db/seeded-texts.ts'
import { postSystemMessage, systemMessage } from '../content/index.ts'
import { AppError } from '../../platform/rpc/app-error.ts'
import { parseUnits } from 'viem'
import { ASSETS, ledger, SYSTEM, type Asset, type EarnSettings } from '../earn/index.ts'
import { grantFitnessPass } from '../health/index.ts'
import { FITNESS_DAYS_MARK, PHYSICAL_FITNESS, SEED_GOODS, type SeedGood } from './goods.seed.ts'
import { shopRepo, type GoodRow, type OrderRow, type StoreGood } from './shop.repo.ts'

type ShopRepo = ReturnType<typeof shopRepo>

/** Fulfilments `energy:N` and `knt:N` credit N whole units of that asset (from its issuer). */
const GRANTS: Record<string, Asset | undefined> = { energy: 'energy', knt: 'knt' }

/**
 * A good's texts as users read them: {@link FITNESS_DAYS_MARK} becomes the physical-fitness
 * validity in days, the operator's setting that a purchase grants — one source for the length.
 */
export function shownTexts(texts: Texts, fitnessDays: number): Texts {
  const fill = (text: string) => text.replaceAll(FITNESS_DAYS_MARK, String(fitnessDays))
  return { 'us-en': fill(texts['us-en']), 'zh-cn': fill(texts['zh-cn']), 'zh-hk': fill(texts['zh-hk']) }
}

/** A good of the store, its texts already in the request's language. */
function goodView(row: StoreGood, fitnessDays: number): shop.Good {
  // shownTexts of the one language shown
  const shown = (text: string) => text.replaceAll(FITNESS_DAYS_MARK, String(fitnessDays))
  return {
    id: row.id,
    kind: row.kind as shop.Good['kind'],
    name: shown(row.name),
    description: shown(row.description),
    price: row.pricePoints,
    stock: row.stock,
  }
}

/** An order names its good with the length it granted (orders from before that was kept: the setting now). */
export function orderView(order: OrderRow, good: GoodRow, lang: WireLang, fitnessDays: number): shop.Order {
  const name = shownTexts(good.name, order.fitnessDays ?? fitnessDays)[lang]
  return {
    id: order.id,
    good: { id: good.id, kind: good.kind as shop.Good['kind'], name },
    price: order.pricePoints,
    status: order.status as shop.Order['status'],
    ship_name: order.shipName,
    ship_phone: order.shipPhone,
    ship_address: order.shipAddress,
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
  }
}

/** A physical good ships to a name, a phone and an address; a virtual one needs none. */
function shipping(good: GoodRow, p: Params<typeof shop.buy>) {
  if (good.kind !== 'physical') return { shipName: '', shipPhone: '', shipAddress: '' }
  if (!p.name) throw new AppError('FIELD_REQUIRED', { field: 'name' })
  if (!p.phone) throw new AppError('PHONE_REQUIRED', { field: 'phone' })
  if (!p.address) throw new AppError('FIELD_REQUIRED', { field: 'address' })
  if (p.address.length < 5) throw new AppError('FIELD_INVALID', { field: 'address' })
  return { shipName: p.name, shipPhone: p.phone, shipAddress: p.address }
}

/**
 * The points shop. A purchase is one transaction: the order row (unique per user and
 * request id, so a double tap buys once), one unit of stock by a conditional UPDATE, the
 * points debit into `system:shop` (refused below zero) and, for a virtual good, its
 * fulfilment — all or nothing.
 */
/**
 * Inserts the goods that are missing. A good whose texts are still those a seed wrote (or,
 * from before versions were stored, an earlier seed's: `formerly`) takes the catalog's; an
 * operator's edit stays (platform/db/seeded-texts.ts).
 */
export async function seedGoods(repo: ShopRepo, goods: readonly SeedGood[] = SEED_GOODS): Promise<void> {
  const stored = new Map((await repo.seededGoods()).map((row) => [row.slug, row]))
  const missing = []
  for (const { formerly = [], ...good } of goods) {
    const texts = { name: good.name, description: good.description }
    const seedVersion = textVersion(texts)
    const current = stored.get(good.slug)
    if (!current) missing.push({ ...good, seedVersion })
    else {
      const currentTexts = { name: current.name, description: current.description }
      const decision = seedDecision({ texts: currentTexts, seedVersion: current.seedVersion }, texts, formerly)
      if (decision === 'mark' || decision === 'update')
        await repo.reseedGood(good.slug, { ...texts, seedVersion }, currentTexts)
    }
  }
  await repo.insertGoods(missing)
}

export function shopService(deps: { db: Db; settings: EarnSettings }) {
  const { db, settings } = deps
  const repo = shopRepo(db)
  let seeded = false
  const seed = async () => {
    if (seeded) return
    await seedGoods(repo)
    seeded = true
  }
  const points = async (userId: number) => Number(await ledger(db).balance(userId, 'points'))

  const fitnessDays = async () => (await settings.get()).physical_fitness_days

  /** What a completed virtual order grants, inside the purchase's transaction. */
  async function fulfil(tx: Db, userId: number, good: GoodRow, order: OrderRow, days: number): Promise<void> {
    const [what = '', amount] = good.fulfilment.split(':')
    const asset = GRANTS[what]
    if (asset && amount) {
      await ledger(tx).reward(
        userId,
        asset,
        parseUnits(amount, ASSETS[asset]),
        `order:${order.id}:${what}`,
        'purchase',
        {
          order_id: order.id,
          good: shownTexts(good.name, days),
        },
      )
    }
    if (what === PHYSICAL_FITNESS) await grantFitnessPass(tx, userId, days)
  }

  return {
    /** Adds the catalog's missing goods (at start; a purchase still seeds first in a process that did not). */
    seed,

    async store(userId: number, p: Params<typeof shop.store>, lang: WireLang) {
      const [{ goods, total, points: balance }, days] = await Promise.all([
        repo.store(userId, lang, p.type, p.page, p.limit),
        fitnessDays(),
      ])
      return {
        list: goods.map((g) => goodView(g, days)),
        total,
        page: p.page,
        limit: p.limit,
        points: Number(balance),
      }
    },

    async buy(userId: number, p: Params<typeof shop.buy>, lang: WireLang) {
      await seed()
      const good = await repo.good(p.id)
      if (!good) throw new AppError('GOOD_NOT_FOUND', { field: 'id' })
      const ship = shipping(good, p)
      // read once: the name in the points history and the days granted are the same number
      const days = await fitnessDays()
      const order = await db.transaction(async (tx) => {
        const txRepo = shopRepo(tx)
        const status = good.kind === 'virtual' ? 'completed' : 'paid'
        const created = await txRepo.insertOrder({
          userId,
          goodId: good.id,
          requestId: p.request_id,
          pricePoints: good.pricePoints,
          status,
          ...ship,
          fitnessDays: good.fulfilment === PHYSICAL_FITNESS ? days : null,
        })
        if (!created) {
          const earlier = await txRepo.orderByRequest(userId, p.request_id)
          if (!earlier || earlier.goodId !== good.id)
            throw new AppError('IDEMPOTENCY_KEY_REUSED', { field: 'request_id' })
          return earlier
        }
        if (!(await txRepo.takeOne(good.id))) throw new AppError('OUT_OF_STOCK', { field: 'id' })
        await ledger(tx).debit(
          userId,
          'points',
          BigInt(good.pricePoints),
          SYSTEM.shop,
          `order:${created.id}`,
          'purchase',
          {
            order_id: created.id,
            good: shownTexts(good.name, days),
          },
        )
        if (status === 'completed') await fulfil(tx, userId, good, created, days)
        await postSystemMessage(
          tx,
          userId,
          systemMessage('orderPlaced', {
            order: created.id,
            good: shownTexts(good.name, days),
            points: good.pricePoints,
          }),
        )
        return created
      })
      return { order: orderView(order, good, lang, days), points: await points(userId) }
    },

    /** Buys the active good that grants `fulfilment` (health's `/v1/exchange_fitness`). */
    async redeem(userId: number, fulfilment: typeof PHYSICAL_FITNESS, requestId: string, lang: WireLang) {
      await seed()
      const good = await repo.goodOfFulfilment(fulfilment)
      if (!good) throw new AppError('GOOD_NOT_FOUND')
      return this.buy(userId, { id: good.id, request_id: requestId }, lang)
    },

    /** The price of the good that grants `fulfilment` (null: none on offer) and the user's points. */
    async offer(userId: number, fulfilment: typeof PHYSICAL_FITNESS) {
      const [good, balance] = await Promise.all([repo.goodOfFulfilment(fulfilment), points(userId)])
      return { price: good?.pricePoints ?? null, points: balance }
    },

    async orders(userId: number, p: Params<typeof shop.orders>, lang: WireLang) {
      const [{ rows, total }, days] = await Promise.all([repo.orders(userId, p.page, p.limit), fitnessDays()])
      return {
        list: rows.map((r) => orderView(r.shop_orders, r.shop_goods, lang, days)),
        total,
        page: p.page,
        limit: p.limit,
      }
    },

    async order(userId: number, id: number, lang: WireLang) {
      const row = await repo.order(userId, id)
      if (!row) throw new AppError('ORDER_NOT_FOUND', { field: 'id' })
      return { order: orderView(row.shop_orders, row.shop_goods, lang, await fitnessDays()) }
    },

    /**
     * For the operator console: a physical order moves paid → shipped → completed,
     * one step at a time; false when the order is not at the step before.
     */
    async advanceOrder(orderId: number, to: 'shipped' | 'completed'): Promise<boolean> {
      return repo.transition(orderId, to === 'shipped' ? 'paid' : 'shipped', to)
    },
  }
}
export type ShopService = ReturnType<typeof shopService>
