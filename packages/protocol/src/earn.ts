import { z } from 'zod'
import { method } from './method.ts'
import { decimal, isoTime, listOf, optional, pageParams, pendingResult, required } from './schema.ts'

// Owned by issue 5 (earning and shop).
const pending = 'issue 5'
const earn = (name: string, summary: string, params: z.ZodRawShape = {}) =>
  method(name, { feature: 'earn', summary, auth: true, pending, params: z.object(params), result: pendingResult })

export const find = earn('/v1/find', 'Discover: node, stake, profits, stage, unclaimed, balance')
export const pledge = earn('/v1/pledge', 'Pledge KNT to activate a node', { amount: optional(decimal()) })
export const computing = earn('/v1/computing', 'Computing power details', { ...pageParams })
export const tokenData = earn('/v1/tokendata', 'Token data details', { ...pageParams })
export const computingReceive = earn('/v1/computing_receive', 'Receive computing-power rewards')
export const tokenDataReceive = earn('/v1/tokendata_receive', 'Receive token rewards')
export const computingToken = earn('/v1/computing_token', 'Computing-power receive records', { ...pageParams })
export const tokenDataToken = earn('/v1/tokendata_token', 'Token receive records', { ...pageParams })

// Built (issue 5, first part): the ledger's history, invitations and the rules.
export const LEDGER_ASSETS = ['points', 'energy', 'power', 'knt'] as const
export const DIRECTIONS = ['in', 'out'] as const

export const LedgerEntry = z.object({
  id: z.number().int(),
  asset: z.enum(LEDGER_ASSETS),
  /** Signed decimal string in whole units: positive came in, negative went out. */
  amount: z.string(),
  /** The balance after this movement. */
  balance: z.string(),
  /** referral | purchase | refund | reward… */
  kind: z.string(),
  /** What it was for, in the request's language (a good's name, an invited account). */
  detail: z.string(),
  time: isoTime(),
})
export type LedgerEntry = z.infer<typeof LedgerEntry>

export const ledgerHistory = method('/v1/ledger', {
  feature: 'earn',
  summary: 'Every movement of my points, energy, computing power and KNT, newest first (beyond spec §7)',
  auth: true,
  params: z.object({
    asset: optional(z.enum(LEDGER_ASSETS, 'FIELD_INVALID')),
    direction: optional(z.enum(DIRECTIONS, 'FIELD_INVALID')),
    ...pageParams,
  }),
  result: listOf(LedgerEntry),
})

export const Invitee = z.object({
  /** The invited account, partly hidden (e.g. `ab***@example.com`). */
  account: z.string(),
  registered_at: isoTime(),
  /** Points this invitation paid. */
  points: z.number().int(),
})

export const invite = method('/v1/invite', {
  feature: 'earn',
  summary: 'My invitation code, the accounts I invited and the referral points they paid (beyond spec §7)',
  auth: true,
  params: z.object({ ...pageParams }),
  result: listOf(Invitee).extend({
    invite_code: z.string(),
    /** Points an invitation pays now. */
    reward_points: z.number().int(),
    /** All referral points received. */
    received_points: z.number().int(),
    points: z.number().int(),
  }),
})

export const RuleValue = z.union([z.number(), z.string(), z.array(z.string())])
export const rules = method('/v1/rules', {
  feature: 'earn',
  summary: 'The rates, caps, stages and rewards of earning and the shop (beyond spec §7)',
  auth: false,
  params: z.object({}),
  result: z.object({ rules: z.record(z.string(), RuleValue) }),
})

export const balances = method('/v1/balances', {
  feature: 'earn',
  summary: 'My points, energy, computing power and KNT in the ledger (beyond spec §7)',
  auth: true,
  params: z.object({}),
  result: z.object({
    points: z.number().int(),
    /** Whole units, decimal strings. */
    energy: z.string(),
    power: z.string(),
    knt: z.string(),
    /** The least KNT /v1/collect pays out. */
    collect_min: z.string(),
  }),
})

// Built (issue 5, Home): energy from authorized activity, contribute, supply and tasks.
export const TASK_GROUPS = ['newbie', 'daily', 'weekly'] as const
export const TASK_IDS = [
  'bind_watch',
  'set_goal',
  'backup_wallet',
  'step_goal',
  'sleep_7h',
  'workout',
  'goal_5_days',
] as const
export const TASK_STATES = ['go', 'receive', 'done'] as const

export const Task = z.object({
  id: z.enum(TASK_IDS),
  group: z.enum(TASK_GROUPS),
  /** go: not finished (link leads where it is done); receive: finished, reward waiting; done: received. */
  state: z.enum(TASK_STATES),
  /** The period the task counts in: `once`, the local day or the week's Monday (send it back to receive). */
  period: z.string(),
  reward: z.object({ asset: z.enum(['points', 'energy']), amount: z.string() }),
  progress: z.number(),
  target: z.number(),
  /** The route where the task is done (Go). */
  link: z.string(),
})
export type Task = z.infer<typeof Task>

const Activity = z.object({
  id: z.number().int(),
  asset: z.enum(LEDGER_ASSETS),
  amount: z.string(),
  kind: z.string(),
  time: isoTime(),
})

export const home = method('/v1/gethome', {
  feature: 'earn',
  summary:
    'Home: balances, today’s energy from authorized activity (credited on read, capped per day), sports, heart rate, ' +
    'sleep and goal metrics, tasks and recent activity records',
  auth: true,
  params: z.object({}),
  result: z.object({
    date: z.string(),
    points: z.number().int(),
    energy: z.string(),
    power: z.string(),
    /** Energy credited for today's activity, the daily cap, and what each consented kind gave. */
    today_energy: z.object({
      credited: z.string(),
      cap: z.string(),
      steps: z.string(),
      active: z.string(),
      workouts: z.string(),
      sleep: z.string(),
    }),
    consent: z.object({ exercise: z.boolean(), sleep: z.boolean(), heart_rate: z.boolean() }),
    sports: z.object({
      steps: z.number().int(),
      distance_m: z.number().int(),
      calories: z.number().int(),
      active_minutes: z.number().int(),
    }),
    heart_rate: z.object({
      avg: z.number().int().nullable(),
      min: z.number().int().nullable(),
      max: z.number().int().nullable(),
      resting: z.number().int().nullable(),
    }),
    sleep: z.object({ minutes: z.number().int() }).nullable(),
    goal: z.object({ step: z.number().int(), step_pct: z.number(), met: z.boolean() }),
    /** Energy per 1 computing power, points per 1 energy. */
    rates: z.object({ energy_per_power: z.number(), points_per_energy: z.number() }),
    tasks: z.array(Task),
    records: z.array(Activity),
  }),
})

const requestId = required(64)
/** An amount of energy; empty reads as missing (FIELD_REQUIRED). */
const energyAmount = z.preprocess((v) => (v === '' ? undefined : v), decimal())

export const finalize = method('/v1/finalize', {
  feature: 'earn',
  summary: 'Contribute energy into computing power at the configured rate; idempotent on request_id',
  auth: true,
  params: z.object({ amount: energyAmount, request_id: requestId }),
  result: z.object({ energy: z.string(), power: z.string(), added_power: z.string() }),
})

export const supply = method('/v1/supply', {
  feature: 'earn',
  summary: 'Obtain energy by paying points at the configured price; idempotent on request_id',
  auth: true,
  params: z.object({ amount: energyAmount, request_id: requestId }),
  result: z.object({ energy: z.string(), points: z.number().int(), cost_points: z.number().int() }),
})

export const taskReceive = method('/v1/taskreceive', {
  feature: 'earn',
  summary: 'Receive a finished task’s reward once per period (beyond spec §7)',
  auth: true,
  params: z.object({ id: z.enum(TASK_IDS, 'FIELD_INVALID'), period: required(16) }),
  result: z.object({ task: Task }),
})
