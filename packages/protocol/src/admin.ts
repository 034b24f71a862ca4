import { z } from 'zod'
import { ARTICLE_TYPES, MESSAGE_KINDS } from './content.ts'
import { WIRE_LANGS } from './lang.ts'
import { ADMIN_PATH, method, type Feature, type IdempotencyKey, type MethodDef } from './method.ts'
import { EMAIL_MAX } from './rules.ts'
import { id, int, isoTime, listOf, none, okResult, optional, pageParams, required, text } from './schema.ts'
import { GOOD_KINDS, Order, ORDER_STATUSES } from './shop.ts'
import { Deposit } from './earn.ts'
import {
  chatContent,
  ChatMessage,
  chatWindow,
  clientId,
  TICKET_CONTENT_MAX,
  TICKET_STATUSES,
  TicketConversation,
  TicketItem,
} from './support.ts'

// The operator console: every operation is posted to /v1/admin/index and acts as
// the operator signed in there (own cookie, own table); a user's session never reaches it.

const feature: Feature = 'admin'
function op<N extends string, P extends z.ZodType, R extends z.ZodType, A extends boolean>(
  name: N,
  def: { auth: A; params: P; result: R; summary: string; idempotencyKey?: IdempotencyKey },
): MethodDef<N, P, R, A> {
  return method(name, { ...def, feature, path: ADMIN_PATH })
}

export const Operator = z.object({ id: z.number().int(), email: z.string(), name: z.string() })

/** One text in each of the three languages (`title[us-en]=…` form-encoded). */
const texts = (max: number) => z.object({ 'us-en': required(max), 'zh-cn': required(max), 'zh-hk': required(max) })

export const NOTICE_TITLE_MAX = 100
export const NOTICE_CONTENT_MAX = 4000
export const ARTICLE_CONTENT_MAX = 20_000
/** A dotted version of 1 to 4 numbers (spec §5 compares them segment by segment). */
export const VERSION_RE = /^\d{1,6}(\.\d{1,6}){0,3}$/

export const login = op('/admin/login', {
  summary: 'Operator sign-in (e-mail and password); sets the console cookie',
  auth: false,
  params: z.object({
    email: z.string('FIELD_REQUIRED').trim().toLowerCase().min(1, 'EMAIL_REQUIRED').max(EMAIL_MAX, 'FIELD_TOO_LONG'),
    password: z.string('PASSWORD_REQUIRED').min(1, 'PASSWORD_REQUIRED').max(128, 'FIELD_TOO_LONG'),
  }),
  result: z.object({ operator: Operator }),
})
export const logout = op('/admin/logout', {
  summary: 'Operator sign-out',
  auth: true,
  params: none,
  result: okResult,
})
export const me = op('/admin/me', {
  summary: 'The signed-in operator',
  auth: true,
  params: none,
  result: z.object({ operator: Operator }),
})

export const UserLabel = z.object({ id: z.number().int(), label: z.string() })

export const chats = op('/admin/chats', {
  summary: 'Chat conversations, most recent first',
  auth: true,
  params: z.object({ ...pageParams }),
  result: listOf(
    z.object({
      user: UserLabel,
      last: ChatMessage,
    }),
  ),
})
export const chat = op('/admin/chat', {
  summary: "One user's chat, like /v1/chat",
  auth: true,
  params: z.object({ user_id: id(), ...chatWindow }),
  result: z.object({ user: UserLabel, list: z.array(ChatMessage) }),
})
export const chatSend = op('/admin/chatsend', {
  summary: 'Answer a user in the chat (idempotent on client_id)',
  auth: true,
  idempotencyKey: 'client_id',
  params: z.object({ user_id: id(), client_id: clientId, content: chatContent }),
  result: ChatMessage,
})

export const tickets = op('/admin/tickets', {
  summary: 'Every work ticket, newest activity first, optionally of one status',
  auth: true,
  params: z.object({ status: optional(z.enum(TICKET_STATUSES, 'FIELD_INVALID')), ...pageParams }),
  result: listOf(TicketItem.extend({ user: UserLabel })),
})
export const ticket = op('/admin/ticket', {
  summary: 'A work ticket conversation',
  auth: true,
  params: z.object({ id: id() }),
  result: TicketConversation.extend({ user: UserLabel }),
})
export const ticketReply = op('/admin/ticketreply', {
  summary: 'Answer a work ticket (status replied; the user gets a system message)',
  auth: true,
  params: z.object({ id: id(), content: required(TICKET_CONTENT_MAX) }),
  result: okResult,
})
export const ticketClose = op('/admin/ticketclose', {
  summary: 'Close a work ticket (completed)',
  auth: true,
  params: z.object({ id: id() }),
  result: okResult,
})

export const notices = op('/admin/notices', {
  summary: 'Published notices, newest first',
  auth: true,
  params: z.object({ ...pageParams }),
  result: listOf(
    z.object({
      id: z.number().int(),
      kind: z.enum(MESSAGE_KINDS),
      title: z.record(z.enum(WIRE_LANGS), z.string()),
      created_at: isoTime(),
    }),
  ),
})
export const noticeAdd = op('/admin/noticeadd', {
  summary: 'Publish a notice to every user, in the three languages',
  auth: true,
  params: z.object({ title: texts(NOTICE_TITLE_MAX), content: texts(NOTICE_CONTENT_MAX) }),
  result: z.object({ id: z.number().int() }),
})

export const version = op('/admin/version', {
  summary: 'The app version users must have',
  auth: true,
  params: none,
  result: z.object({ app_version: z.string() }),
})
export const setVersion = op('/admin/setversion', {
  summary: 'Set app_version; installed apps below it show the blocking update dialog',
  auth: true,
  params: z.object({ app_version: required(27).regex(VERSION_RE, 'FIELD_INVALID') }),
  result: z.object({ app_version: z.string() }),
})

const articleType = z.enum(ARTICLE_TYPES, 'FIELD_INVALID')
export const articles = op('/admin/articles', {
  summary: 'An article (privacy, protocol, introduce) in the three languages',
  auth: true,
  params: z.object({ type: articleType }),
  result: z.object({
    list: z.array(
      z.object({ lang: z.enum(WIRE_LANGS), title: z.string(), content: z.string(), updated_at: isoTime() }),
    ),
  }),
})
export const articleSave = op('/admin/articlesave', {
  summary: 'Replace an article in one language',
  auth: true,
  params: z.object({
    type: articleType,
    lang_code: z.enum(WIRE_LANGS, 'FIELD_INVALID'),
    title: required(100),
    content: required(ARTICLE_CONTENT_MAX),
  }),
  result: okResult,
})

export const userLookup = op('/admin/user', {
  summary: 'Look a user up by id, e-mail or phone: profile basics only',
  auth: true,
  params: z.object({ query: required(EMAIL_MAX) }),
  result: z.object({
    id: z.number().int(),
    email: z.string(),
    phone: z.string(),
    nickname: z.string(),
    gender: z.string(),
    birthday: z.string(),
    invite_code: z.string(),
    created_at: isoTime(),
    tickets: z.number().int(),
    chat_messages: z.number().int(),
  }),
})

export const audit = op('/admin/audit', {
  summary: 'The audit log: every operator action, newest first',
  auth: true,
  params: z.object({ ...pageParams }),
  result: listOf(
    z.object({
      id: z.number().int(),
      operator: z.string(),
      action: z.string(),
      target: z.string(),
      details: z.string(),
      created_at: isoTime(),
    }),
  ),
})

// Goods, stock and orders (the points shop, run from the console)

export const GOOD_PRICE_MAX = 100_000_000
export const GOOD_STOCK_MAX = 1_000_000
export const STOCK_DELTA_MAX = 1_000_000
export const GOOD_NAME_MAX = 60
export const GOOD_DESCRIPTION_MAX = 500
/**
 * What completing an order grants (the shop's fulfilments): nothing (physical goods), the
 * physical-fitness analysis, or N energy / N KNT credited at once (virtual goods).
 */
export const FULFILMENT_RE = /^(|physical_fitness|energy:[1-9]\d{0,5}|knt:[1-9]\d{0,5})$/
const ADVANCE_TO = ['shipped', 'completed'] as const
/** A whole number in [min, max]; a blank field is "required", anything else out of range "invalid". */
const wholeNumber = (min: number, max: number) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    int().pipe(z.number().min(min, 'FIELD_INVALID').max(max, 'FIELD_INVALID')),
  )
const BOOLEAN_TEXT: Record<string, boolean | undefined> = { true: true, '1': true, false: false, '0': false }

export const ConsoleGood = z.object({
  id: z.number().int(),
  kind: z.enum(GOOD_KINDS),
  /** The name as stored, for editing: `{days}` stands for the physical-fitness length setting. */
  name: z.record(z.enum(WIRE_LANGS), z.string()),
  /** The name as users read it (`{days}` filled in), what the console lists. */
  shown_name: z.record(z.enum(WIRE_LANGS), z.string()),
  description: z.record(z.enum(WIRE_LANGS), z.string()),
  price: z.number().int(),
  /** Units left; null: unlimited. */
  stock: z.number().int().nullable(),
  /** Units in orders (paid, shipped or completed). */
  sold: z.number().int(),
  fulfilment: z.string(),
  active: z.boolean(),
})
export type ConsoleGood = z.infer<typeof ConsoleGood>

const goodFields = {
  kind: z.enum(GOOD_KINDS, 'FIELD_INVALID'),
  name: texts(GOOD_NAME_MAX),
  description: texts(GOOD_DESCRIPTION_MAX),
  price: wholeNumber(1, GOOD_PRICE_MAX),
  fulfilment: optional(text(40).regex(FULFILMENT_RE, 'FIELD_INVALID')).default(''),
  /** JSON true/false, or true/false (1/0) form-encoded. */
  active: optional(z.preprocess((v) => BOOLEAN_TEXT[String(v)] ?? v, z.boolean('FIELD_INVALID'))).default(true),
}

export const goods = op('/admin/goods', {
  summary: 'Every good of the shop, active or not, with units left and sold',
  auth: true,
  params: z.object({ ...pageParams }),
  result: listOf(ConsoleGood),
})
export const goodAdd = op('/admin/goodadd', {
  summary: 'Add a good; stock empty is unlimited',
  auth: true,
  params: z.object({
    ...goodFields,
    stock: optional(wholeNumber(0, GOOD_STOCK_MAX)),
  }),
  result: z.object({ id: z.number().int() }),
})
export const goodEdit = op('/admin/goodedit', {
  summary: 'Edit a good (stock changes only through /admin/stock)',
  auth: true,
  params: z.object({ id: id(), ...goodFields }),
  result: okResult,
})
export const stock = op('/admin/stock', {
  summary: 'Add units to (or, negative, remove units from) a good; never below the units left unsold',
  auth: true,
  params: z.object({
    id: id(),
    delta: wholeNumber(-STOCK_DELTA_MAX, STOCK_DELTA_MAX).refine((n) => n !== 0, 'FIELD_INVALID'),
  }),
  result: z.object({ stock: z.number().int() }),
})

export const ConsoleOrder = Order.extend({ user: UserLabel })
export const orders = op('/admin/orders', {
  summary: 'Orders of every user, newest first, optionally of one status',
  auth: true,
  params: z.object({ status: optional(z.enum(ORDER_STATUSES, 'FIELD_INVALID')), ...pageParams }),
  result: listOf(ConsoleOrder),
})
export const orderAdvance = op('/admin/orderadvance', {
  summary: 'Move a physical order paid → shipped (the user gets a system message) → completed',
  auth: true,
  params: z.object({ id: id(), status: z.enum(ADVANCE_TO, 'FIELD_INVALID') }),
  result: z.object({ order: ConsoleOrder }),
})

// Device-code batches (the watches' codes)

export const DEVICE_BATCH_MAX = 1000
export const DEVICE_MODEL_MAX = 40

export const deviceBatches = op('/admin/devicebatches', {
  summary: 'Device-code batches, newest first, with codes bound and unbound',
  auth: true,
  params: z.object({ ...pageParams }),
  result: listOf(
    z.object({
      batch: z.string(),
      model: z.string(),
      total: z.number().int(),
      bound: z.number().int(),
      unbound: z.number().int(),
      created_at: isoTime(),
    }),
  ),
})
export const deviceBatchAdd = op('/admin/devicebatchadd', {
  summary: 'Issue a batch of device codes; their activation codes are answered this once (stored hashed)',
  auth: true,
  params: z.object({
    model: required(DEVICE_MODEL_MAX),
    count: wholeNumber(1, DEVICE_BATCH_MAX),
  }),
  result: z.object({
    batch: z.string(),
    model: z.string(),
    codes: z.array(z.object({ device_code: z.string(), active_code: z.string() })),
  }),
})

// Earning parameters (earning's `earn_settings`)

export const earnSettings = op('/admin/earnsettings', {
  summary: 'The earning and shop parameters, each as the text the console edits',
  auth: true,
  params: none,
  result: z.object({ list: z.array(z.object({ key: z.string(), value: z.string() })) }),
})
export const earnSettingSet = op('/admin/earnsettingset', {
  summary: 'Change one parameter (a list is comma-separated); validated like the server reads it',
  auth: true,
  params: z.object({ key: required(40), value: required(400) }),
  result: z.object({ key: z.string(), value: z.string() }),
})

// The daily settlement (earning's Discover)

/** A UTC day, `YYYY-MM-DD`, that exists on the calendar. */
const utcDay = required(10)
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'FIELD_INVALID')
  .refine((day) => new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), 'FIELD_INVALID')
export const SETTLEMENT_STATUSES = ['running', 'done'] as const

/** One settled UTC day: its stage's emission split into the computing and token pools. KNT in whole units. */
export const SettlementRun = z.object({
  day: z.string(),
  /** running: shares snapshotted, still being credited (resumed after a crash); done: all credited. */
  status: z.enum(SETTLEMENT_STATUSES),
  /** 1-based stage the day was settled in. */
  stage: z.number().int(),
  emission: z.string(),
  computing_pool: z.string(),
  token_pool: z.string(),
  /** Everyone's effective computing power and active nodes' pledged KNT at the snapshot. */
  total_power: z.string(),
  total_staked: z.string(),
  /** KNT credited to unclaimed rewards: the pools less dust and any pool nobody had a basis for. */
  issued: z.string(),
  shares: z.number().int(),
  credited: z.number().int(),
  started_at: isoTime(),
  finished_at: isoTime().nullable(),
})
export type SettlementRun = z.infer<typeof SettlementRun>

export const settle = op('/admin/settle', {
  summary:
    'Settle one UTC day (up to today) now, exactly once: an already settled day answers its run and pays nothing; ' +
    'an interrupted one is resumed',
  auth: true,
  params: z.object({ day: utcDay }),
  result: z.object({ run: SettlementRun, created: z.boolean() }),
})
export const settlements = op('/admin/settlements', {
  summary: 'Settlement runs, newest day first, with their pools, totals and progress',
  auth: true,
  params: z.object({ ...pageParams }),
  result: listOf(SettlementRun),
})

// Background jobs (pg-boss): their history

/** A job's states: waiting (created), waiting for a retry after a failure, running, and finished. */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const
export const JOB_NAME_MAX = 100

export const JobRun = z.object({
  id: z.string(),
  /** `<feature>.<verb>`, e.g. `earn.settle`. */
  name: z.string(),
  state: z.enum(JOB_STATES),
  /** Runs started so far (0 while it never ran). */
  attempts: z.number().int(),
  /** The key it was sent with (at most one waiting job per key), or none. */
  key: z.string().nullable(),
  created_at: isoTime(),
  started_at: isoTime().nullable(),
  finished_at: isoTime().nullable(),
  /** The last failure's message (failed, or waiting for a retry). */
  error: z.string().nullable(),
})
export type JobRun = z.infer<typeof JobRun>

export const jobs = op('/admin/jobs', {
  summary:
    'Recent background jobs, newest first (finished ones are kept 7 days), optionally of one name and state; ' +
    'with the job names there are',
  auth: true,
  params: z.object({
    name: optional(text(JOB_NAME_MAX)),
    state: optional(z.enum(JOB_STATES, 'FIELD_INVALID')),
    ...pageParams,
  }),
  result: listOf(JobRun).extend({ names: z.array(z.string()) }),
})

// Wallet KNT in: deposits held for the operator

export const HeldDeposit = Deposit.extend({
  id: z.number().int(),
  chain_id: z.number().int(),
  /** The account a reorg-held deposit was credited to before (it keeps the KNT). */
  credited_to: z.number().int().nullable(),
})
export const heldDeposits = op('/admin/deposits', {
  summary: 'KNT deposits held for the operator (sender in no account or several, or undone by a reorg), oldest first',
  auth: true,
  params: z.object({ ...pageParams }),
  result: listOf(HeldDeposit),
})
export const depositCredit = op('/admin/deposit_credit', {
  summary:
    'Credit a held deposit to an account, once (ledger key deposit:<chain>:<hash>:<log index>); a deposit held by a ' +
    'reorg after crediting can only be confirmed for the account it went to (DEPOSIT_ALREADY_CREDITED)',
  auth: true,
  params: z.object({ id: id(), user_id: id() }),
  result: z.object({ deposit: Deposit }),
})
export const depositReturn = op('/admin/deposit_return', {
  summary: 'Mark a held, never credited deposit returned (the operator sent the KNT back on chain)',
  auth: true,
  params: z.object({ id: id() }),
  result: z.object({ deposit: Deposit }),
})

// The same workout imported into several accounts: the later import held for the operator

/** One side of a review: the workout, its account and its claim (`held`, `frozen`, or null once it earns). */
export const DisputedWorkout = z.object({
  workout_id: z.number().int(),
  user: UserLabel,
  source: z.string(),
  start: isoTime(),
  claim: z.string().nullable(),
})
export const WorkoutDispute = z.object({
  id: z.number().int(),
  created_at: isoTime(),
  type: z.string(),
  duration_s: z.number().int(),
  distance_m: z.number().int(),
  /** The later import: it earns nothing until decided. */
  held: DisputedWorkout,
  /** The earlier import, which held the claim: its credit is frozen until decided. */
  frozen: DisputedWorkout,
})
export const workoutDisputes = op('/admin/workout_disputes', {
  summary: 'Workouts imported into two accounts, waiting for a decision, oldest first',
  auth: true,
  params: z.object({ ...pageParams }),
  result: listOf(WorkoutDispute),
})
export const workoutDecide = op('/admin/workout_decide', {
  summary:
    'Decide which import of a workout earns (`workout_id`, one of the two): it is paid once, the other never; ' +
    'a repeat naming the same workout answers the same, the other is refused (DISPUTE_DECIDED)',
  auth: true,
  params: z.object({ id: id(), workout_id: id() }),
  result: z.object({ id: z.number().int(), winner: z.number().int() }),
})

// The one-off repair after proofs of control (docs/adr/2026-11-28-proof-of-control.md)

export const unprovenCredits = op('/admin/deposits_unproven', {
  summary:
    'KNT deposits credited (before proofs of control) to an account that never proved the sending address, oldest first',
  auth: true,
  params: z.object({ ...pageParams }),
  result: listOf(HeldDeposit),
})
export const UNPROVEN_REPAIRS = ['hold', 'reverse'] as const
export const unprovenRepair = op('/admin/deposit_unproven', {
  summary:
    'Repair one of those deposits, audited: hold (held as unproven, the credit kept) or reverse (the KNT back to the ' +
    'treasury, held as reversed); a reversal never takes a balance below zero: what cannot be reversed is held and ' +
    'reversed is false',
  auth: true,
  params: z.object({ id: id(), action: z.enum(UNPROVEN_REPAIRS, 'FIELD_INVALID') }),
  result: z.object({ deposit: Deposit, reversed: z.boolean() }),
})

// Customer service's working hours (support's `support_hours`): the acknowledgement in chat and
// tickets gives the expected answer time from them.

const hhmm = required(5).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'FIELD_INVALID')
export const SupportHours = z.object({
  /** IANA time zone, e.g. Asia/Shanghai. */
  time_zone: z.string(),
  /** Working weekdays, 0 Sunday … 6 Saturday. */
  days: z.array(z.number().int()),
  open: z.string(),
  close: z.string(),
  /** Working hours within which a message is answered. */
  reply_hours: z.number().int(),
})
export const supportHours = op('/admin/supporthours', {
  summary: "Customer service's working hours and the answer time promised within them",
  auth: true,
  params: none,
  result: SupportHours,
})
export const supportHoursSet = op('/admin/supporthoursset', {
  summary: 'Set the working hours (days as a comma-separated list of 0 Sunday … 6 Saturday)',
  auth: true,
  params: z
    .object({
      time_zone: required(64).refine((zone) => {
        try {
          new Intl.DateTimeFormat('en-US', { timeZone: zone })
          return true
        } catch {
          return false
        }
      }, 'FIELD_INVALID'),
      days: required(20)
        .regex(/^[0-6](,[0-6]){0,6}$/, 'FIELD_INVALID')
        .transform((list) => [...new Set(list.split(',').map(Number))].sort()),
      open: hhmm,
      close: hhmm,
      reply_hours: int().pipe(z.number().min(1, 'FIELD_INVALID').max(240, 'FIELD_INVALID')),
    })
    .refine((p) => p.open < p.close, { message: 'FIELD_INVALID', path: ['close'] }),
  result: SupportHours,
})
