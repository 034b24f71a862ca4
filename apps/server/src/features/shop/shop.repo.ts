import type { WireLang } from '@kinetic/protocol'
import { and, asc, count, desc, eq, gte, isNull, isNotNull, or, sql } from 'drizzle-orm'
import { users } from '../../platform/db/users.tables.ts'
import type { Db } from '../../platform/db/client.ts'
import { jsonRows, scalar } from '../../platform/db/json-rows.ts'
import { preparedParts, type Param, type Placeholders } from '../../platform/db/named.ts'
import { ledgerParts, userAccount } from '../earn/index.ts'
import type { FormerTexts as GoodTexts, SeedGood } from './goods.seed.ts'
import { shopGoods, shopOrders } from './shop.tables.ts'

export type GoodRow = typeof shopGoods.$inferSelect
export type OrderRow = typeof shopOrders.$inferSelect
export type NewOrder = Pick<
  typeof shopOrders.$inferInsert,
  | 'userId'
  | 'goodId'
  | 'requestId'
  | 'pricePoints'
  | 'status'
  | 'shipName'
  | 'shipPhone'
  | 'shipAddress'
  | 'fitnessDays'
>

export type GoodFields = Pick<
  typeof shopGoods.$inferInsert,
  'kind' | 'name' | 'description' | 'pricePoints' | 'fulfilment' | 'active'
>

/** How the console names a user: nickname and e-mail (or phone). */
const userLabel = sql<string>`trim(both ' ' from ${users.nickname} || ' ' || coalesce(${users.email}, '+' || ${users.phonePrefix} || ' ' || ${users.phone}, ''))`

/** What the store shows of a good: its texts in the request's language. */
const storeGood = (lang: Param<WireLang>) => ({
  id: shopGoods.id,
  kind: shopGoods.kind,
  name: { sql: sql`${shopGoods.name} ->> ${lang}` },
  description: { sql: sql`${shopGoods.description} ->> ${lang}` },
  pricePoints: shopGoods.pricePoints,
  stock: shopGoods.stock,
})
export interface StoreGood {
  id: number
  kind: string
  name: string
  description: string
  pricePoints: number
  stock: number | null
}

/**
 * The store (`/v1/getstore`) in one statement: a page of the active goods (of one kind, in one
 * language), how many there are, and the user's points (the ledger's own part). A hot read:
 * built once, sent by name.
 */
const storeRead = preparedParts(
  'shop.store',
  (v: Placeholders<{ kind: string | null; lang: WireLang; limit: number; offset: number; owner: string }>) => {
    const active = and(eq(shopGoods.active, true), sql`(${v.kind}::text IS NULL OR ${shopGoods.kind} = ${v.kind})`)
    const page = jsonRows(
      storeGood(v.lang),
      sql`FROM ${shopGoods} WHERE ${active}`,
      sql`${shopGoods.sort}, ${shopGoods.id}`,
      v.limit,
      v.offset,
    )
    return {
      goods: { sql: page.sql, decode: (value: unknown) => page.decode(value) as StoreGood[] },
      total: scalar(sql`SELECT count(*)::int FROM ${shopGoods} WHERE ${active}`, Number),
      points: ledgerParts.balances(v.owner, ['points'] as const),
    }
  },
)

export function shopRepo(db: Db) {
  return {
    /** Every good's key and texts, with the version its seed wrote. */
    async seededGoods() {
      return db
        .select({
          slug: shopGoods.slug,
          name: shopGoods.name,
          description: shopGoods.description,
          seedVersion: shopGoods.seedVersion,
        })
        .from(shopGoods)
    },

    async insertGoods(goods: (Omit<SeedGood, 'formerly'> & { seedVersion: string })[]): Promise<void> {
      if (goods.length > 0) await db.insert(shopGoods).values(goods).onConflictDoNothing({ target: shopGoods.slug })
    },

    /** Writes a seed's texts and version over the good, only while it still has `expected` (an edit in between wins). */
    async reseedGood(slug: string, texts: GoodTexts & { seedVersion: string }, expected: GoodTexts): Promise<void> {
      await db
        .update(shopGoods)
        .set(texts)
        .where(
          and(
            eq(shopGoods.slug, slug),
            eq(shopGoods.name, expected.name),
            eq(shopGoods.description, expected.description),
          ),
        )
    },

    /** The store's page of goods (of one kind), their total and the user's points, in one round trip. */
    async store(userId: number, lang: WireLang, kind: string | undefined, page: number, limit: number) {
      const read = await storeRead(db, {
        kind: kind ?? null,
        lang,
        limit,
        offset: (page - 1) * limit,
        owner: userAccount(userId),
      })
      return { goods: read.goods, total: read.total, points: read.points.points }
    },

    async good(id: number): Promise<GoodRow | undefined> {
      const [row] = await db
        .select()
        .from(shopGoods)
        .where(and(eq(shopGoods.id, id), eq(shopGoods.active, true)))
      return row
    },

    /** Inserts the order unless this user already used the request id (then undefined). */
    async insertOrder(order: NewOrder): Promise<OrderRow | undefined> {
      const [row] = await db
        .insert(shopOrders)
        .values(order)
        .onConflictDoNothing({ target: [shopOrders.userId, shopOrders.requestId] })
        .returning()
      return row
    },

    async orderByRequest(userId: number, requestId: string): Promise<OrderRow | undefined> {
      const [row] = await db
        .select()
        .from(shopOrders)
        .where(and(eq(shopOrders.userId, userId), eq(shopOrders.requestId, requestId)))
      return row
    },

    /** Takes one unit in place (a conditional UPDATE): never below zero, however many buy at once. */
    async takeOne(goodId: number): Promise<boolean> {
      const rows = await db
        .update(shopGoods)
        .set({ stock: sql`${shopGoods.stock} - 1` })
        .where(and(eq(shopGoods.id, goodId), or(isNull(shopGoods.stock), gte(shopGoods.stock, 1))))
        .returning({ id: shopGoods.id })
      return rows.length === 1
    },

    /** Moves an order from one status to the next; false when it is not in `from` (or missing). */
    async transition(orderId: number, from: string, to: string): Promise<boolean> {
      const rows = await db
        .update(shopOrders)
        .set({ status: to, updatedAt: new Date() })
        .where(and(eq(shopOrders.id, orderId), eq(shopOrders.status, from)))
        .returning({ id: shopOrders.id })
      return rows.length === 1
    },

    async order(userId: number, id: number) {
      const [row] = await db
        .select()
        .from(shopOrders)
        .innerJoin(shopGoods, eq(shopGoods.id, shopOrders.goodId))
        .where(and(eq(shopOrders.id, id), eq(shopOrders.userId, userId)))
      return row
    },

    async orders(userId: number, page: number, limit: number) {
      const where = eq(shopOrders.userId, userId)
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(shopOrders)
          .innerJoin(shopGoods, eq(shopGoods.id, shopOrders.goodId))
          .where(where)
          .orderBy(desc(shopOrders.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(shopOrders).where(where),
      ])
      return { rows, total: total?.n ?? 0 }
    },

    /** Times of the user's completed orders of goods with this fulfilment, oldest first. */
    /** The active good that grants `fulfilment` (e.g. the physical-fitness analysis). */
    async goodOfFulfilment(fulfilment: string): Promise<GoodRow | undefined> {
      const [row] = await db
        .select()
        .from(shopGoods)
        .where(and(eq(shopGoods.fulfilment, fulfilment), eq(shopGoods.active, true)))
        .orderBy(asc(shopGoods.id))
        .limit(1)
      return row
    },

    // — the operator console —

    /** Every good, active or not, with the units in its orders. */
    async allGoods(page: number, limit: number) {
      // qualified by hand: drizzle renders a select field's columns without their table, and an
      // unqualified "id" in the subquery would be the order's own id
      const sold = sql<number>`(select count(*) from ${shopOrders} o where o.good_id = ${shopGoods}.id)`.mapWith(Number)
      const [rows, [total]] = await Promise.all([
        db
          .select({ good: shopGoods, sold })
          .from(shopGoods)
          .orderBy(asc(shopGoods.sort), asc(shopGoods.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(shopGoods),
      ])
      return { rows, total: total?.n ?? 0 }
    },

    async insertGood(good: GoodFields & { slug: string; stock: number | null }): Promise<number> {
      const [row] = await db.insert(shopGoods).values(good).returning({ id: shopGoods.id })
      if (!row) throw new Error('good insert returned nothing')
      return row.id
    },

    /** Updates a good's fields (never its stock); false when there is no such good. */
    async updateGood(id: number, good: GoodFields): Promise<boolean> {
      const rows = await db.update(shopGoods).set(good).where(eq(shopGoods.id, id)).returning({ id: shopGoods.id })
      return rows.length === 1
    },

    /**
     * Adds `delta` units (negative removes) in one conditional UPDATE, so concurrent changes
     * and purchases add up and the units left never go below zero. Undefined when refused.
     */
    async addStock(id: number, delta: number): Promise<number | undefined> {
      const [row] = await db
        .update(shopGoods)
        .set({ stock: sql`${shopGoods.stock} + ${delta}` })
        .where(and(eq(shopGoods.id, id), isNotNull(shopGoods.stock), gte(shopGoods.stock, -delta)))
        .returning({ stock: shopGoods.stock })
      return row?.stock ?? undefined
    },

    async goodById(id: number): Promise<GoodRow | undefined> {
      const [row] = await db.select().from(shopGoods).where(eq(shopGoods.id, id))
      return row
    },

    /** Orders of every user, newest first, with the good and the user's label. */
    async allOrders(status: string | undefined, page: number, limit: number) {
      const where = status ? eq(shopOrders.status, status) : undefined
      const [rows, [total]] = await Promise.all([
        db
          .select({ order: shopOrders, good: shopGoods, userLabel })
          .from(shopOrders)
          .innerJoin(shopGoods, eq(shopGoods.id, shopOrders.goodId))
          .innerJoin(users, eq(users.id, shopOrders.userId))
          .where(where)
          .orderBy(desc(shopOrders.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(shopOrders).where(where),
      ])
      return { rows, total: total?.n ?? 0 }
    },

    async orderById(id: number) {
      const [row] = await db
        .select({ order: shopOrders, good: shopGoods, userLabel })
        .from(shopOrders)
        .innerJoin(shopGoods, eq(shopGoods.id, shopOrders.goodId))
        .innerJoin(users, eq(users.id, shopOrders.userId))
        .where(eq(shopOrders.id, id))
      return row
    },
  }
}
