import { z } from 'zod'
import { method } from './method.ts'
import { PHONE_RE } from './rules.ts'
import { isoTime, listOf, optional, pageParams, required, text } from './schema.ts'

// The points shop: goods, purchases and orders.
export const GOOD_KINDS = ['virtual', 'physical'] as const
export const ORDER_STATUSES = ['paid', 'shipped', 'completed'] as const
export const SHIP_NAME_MAX = 40
export const SHIP_ADDRESS_MAX = 200
export const REQUEST_ID_MAX = 64

/** A record id: a fraction, a negative number or text is FIELD_INVALID (not "required"). */
const recordId = () =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z
      .string('FIELD_REQUIRED')
      .trim()
      .regex(/^[1-9]\d{0,14}$/, 'FIELD_INVALID')
      .transform(Number),
  )

export const Good = z.object({
  id: z.number().int(),
  kind: z.enum(GOOD_KINDS),
  /** In the request's language. */
  name: z.string(),
  description: z.string(),
  /** Whole points. */
  price: z.number().int(),
  /** Units left; null: unlimited. */
  stock: z.number().int().nullable(),
})
export type Good = z.infer<typeof Good>

export const Order = z.object({
  id: z.number().int(),
  good: Good.pick({ id: true, kind: true, name: true }),
  price: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  ship_name: z.string(),
  ship_phone: z.string(),
  ship_address: z.string(),
  created_at: isoTime(),
  updated_at: isoTime(),
})
export type Order = z.infer<typeof Order>

export const store = method('/v1/getstore', {
  readOnly: true,
  feature: 'shop',
  summary: 'My points and the goods: virtual (exchange) and physical (purchase)',
  auth: true,
  params: z.object({ type: optional(z.enum(GOOD_KINDS, 'FIELD_INVALID')), ...pageParams }),
  result: listOf(Good).extend({ points: z.number().int() }),
})

export const buy = method('/v1/poststore', {
  feature: 'shop',
  summary:
    'Exchange or purchase one good with points; physical goods need a shipping address. ' +
    'Idempotent on request_id: a repeat answers the same order',
  auth: true,
  idempotencyKey: 'request_id',
  params: z.object({
    id: recordId(),
    request_id: required(REQUEST_ID_MAX),
    name: optional(text(SHIP_NAME_MAX)),
    phone: optional(z.string().trim().regex(PHONE_RE, 'PHONE_INVALID')),
    address: optional(text(SHIP_ADDRESS_MAX)),
  }),
  result: z.object({ order: Order, points: z.number().int() }),
})

export const orders = method('/v1/orders', {
  readOnly: true,
  feature: 'shop',
  summary: 'My orders, newest first (beyond spec §7)',
  auth: true,
  params: z.object({ ...pageParams }),
  result: listOf(Order),
})

export const order = method('/v1/order', {
  feature: 'shop',
  summary: 'One of my orders (beyond spec §7)',
  auth: true,
  params: z.object({ id: recordId() }),
  result: z.object({ order: Order }),
})
