import { z } from 'zod'
import { method } from './method.ts'
import { decimal, isoTime, listOf, optional, pageParams, pendingResult } from './schema.ts'

// Owned by issue 5 (earning and shop).
const pending = 'issue 5'
const earn = (name: string, summary: string, params: z.ZodRawShape = {}) =>
  method(name, { feature: 'earn', summary, auth: true, pending, params: z.object(params), result: pendingResult })

export const home = earn('/v1/gethome', 'Home: energy, tasks, metrics and activity records')
export const finalize = earn('/v1/finalize', 'Contribute energy into computing power', { amount: optional(decimal()) })
export const supply = earn('/v1/supply', 'Obtain energy (supply)', { amount: optional(decimal()) })
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
