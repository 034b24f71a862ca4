import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { Texts } from '@kinetic/protocol'
import { users } from '../../platform/db/users.tables.ts'

/** Goods of the points shop: virtual ones are exchanged, physical ones shipped. */
export const shopGoods = pgTable(
  'shop_goods',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Stable name of a seeded good (seeding never overwrites an edited row). */
    slug: text('slug').notNull(),
    /** virtual | physical */
    kind: text('kind').notNull(),
    name: jsonb('name').$type<Texts>().notNull(),
    description: jsonb('description').$type<Texts>().notNull(),
    /** Version of the texts the seed last wrote (platform/db/seeded-texts.ts); null: not seeded. */
    seedVersion: text('seed_version'),
    pricePoints: bigint('price_points', { mode: 'number' }).notNull(),
    /** Units left; null: unlimited (most virtual goods). */
    stock: integer('stock'),
    /** What completing a virtual order grants (`physical_fitness`, `energy:50`, `knt:10`), '' for none. */
    fulfilment: text('fulfilment').notNull().default(''),
    active: boolean('active').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shop_goods_slug_key').on(t.slug),
    check('shop_goods_stock_not_negative', sql`${t.stock} IS NULL OR ${t.stock} >= 0`),
    check('shop_goods_price_positive', sql`${t.pricePoints} > 0`),
  ],
)

/** One purchase: paid → shipped → completed (virtual goods complete at once). */
export const shopOrders = pgTable(
  'shop_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    goodId: bigint('good_id', { mode: 'number' })
      .notNull()
      .references(() => shopGoods.id),
    /** The client's id for this purchase: a double tap or a retry buys once. */
    requestId: text('request_id').notNull(),
    pricePoints: bigint('price_points', { mode: 'number' }).notNull(),
    status: text('status').notNull(),
    shipName: text('ship_name').notNull().default(''),
    shipPhone: text('ship_phone').notNull().default(''),
    shipAddress: text('ship_address').notNull().default(''),
    /** Days of the physical-fitness analysis this order granted (the setting then); null: none or unknown. */
    fitnessDays: integer('fitness_days'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shop_orders_request_key').on(t.userId, t.requestId),
    index('shop_orders_user_idx').on(t.userId, t.id),
  ],
)
