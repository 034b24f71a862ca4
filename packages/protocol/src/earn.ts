import { z } from 'zod'
import { method } from './method.ts'
import { EFFORT_REASONS, EFFORT_VERDICTS } from './health.ts'
import { Network } from './wallet.ts'
import { CsvFile, decimal, exportRange, id, int, isoTime, listOf, optional, pageParams, required } from './schema.ts'

// Discover: nodes, pledges, the daily settlement and its rewards.
const requestId = required(64)
/** A KNT amount in whole units (up to 18 decimals); empty reads as missing. */
const kntAmount = z.preprocess((v) => (v === '' ? undefined : v), decimal())

/** The two reward streams of a settlement: computing power's share and the pledged KNT's share. */
export const REWARD_KINDS = ['computing', 'token'] as const
export const PLEDGE_ACTIONS = ['stake', 'unstake'] as const
export const DISCOVER_RECORD_KINDS = ['stake', 'unstake', 'release', 'receive_computing', 'receive_token'] as const

/** The emission stage as Discover and the economy page show it. */
export const Stage = z.object({
  /** 1-based; each stage lasts `days` settled days and emits half the one before. */
  number: z.number().int(),
  /** Which day of the stage `settlement_day` is: 1 + the settled days before it that issued KNT. */
  day: z.number().int(),
  days: z.number().int(),
  /** Today's settlement day: settlement days are UTC days (YYYY-MM-DD). */
  settlement_day: z.string(),
  /** KNT emitted per settled day in this stage and the next (null: this is the last). */
  emission: z.string(),
  next_emission: z.string().nullable(),
  /** Percent of the emission that goes to pledged KNT (the rest to computing power). */
  token_share_pct: z.number(),
  /** KNT a node must have pledged when a day is settled to share that day's staking pool (the activation amount). */
  token_min: z.string(),
})

/**
 * What one unit would earn from today's pools if the totals stayed as they are now (an estimate:
 * it falls as others join): KNT per unit of effective power and per KNT pledged in an active
 * node; null while nobody holds one (the first would take the whole pool).
 */
export const Estimate = z.object({ per_power: z.string().nullable(), per_staked: z.string().nullable() })

export const find = method('/v1/find', {
  readOnly: true,
  feature: 'earn',
  summary: 'Discover: my node and pledge, computing power, profits, unclaimed rewards, KNT balance and the stage',
  auth: true,
  params: z.object({}),
  result: z.object({
    node: z.object({
      /** A node is active while the pledge is at least `activate_min`. */
      active: z.boolean(),
      /** KNT pledged now, whole units. */
      staked: z.string(),
      activate_min: z.string(),
      /** Extra computing power an active node gives, in percent. */
      boost_pct: z.number(),
      cooldown_days: z.number().int(),
      /** Unpledged KNT cooling down, returned to the balance at `release_at`. */
      cooling: z.array(z.object({ id: z.number().int(), amount: z.string(), release_at: isoTime() })),
    }),
    /** My computing power, and with the node's boost (what settlement counts). */
    power: z.string(),
    effective_power: z.string(),
    /** Everyone's effective power now. */
    total_power: z.string(),
    /** My KNT balance. */
    balance: z.string(),
    /** Settled rewards not yet received, KNT. */
    unclaimed: z.object({ computing: z.string(), token: z.string() }),
    /** KNT earned by the last settlement and by all settlements. */
    profits: z.object({ last: z.string(), total: z.string() }),
    stage: Stage,
    estimate: Estimate,
    last_settlement: z.object({ day: z.string(), emission: z.string(), total_power: z.string() }).nullable(),
    /** My latest pledges, unpledges, releases and receives, newest first. */
    records: z.array(
      z.object({ id: z.number().int(), kind: z.enum(DISCOVER_RECORD_KINDS), amount: z.string(), time: isoTime() }),
    ),
  }),
})

export const pledge = method('/v1/pledge', {
  feature: 'earn',
  summary:
    'Pledge KNT (stake) to activate a node and boost computing power, or unpledge (unstake) it into the cool-down; ' +
    'idempotent on request_id',
  auth: true,
  idempotencyKey: 'request_id',
  params: z.object({
    action: z.preprocess((v) => (v === '' ? undefined : v), z.enum(PLEDGE_ACTIONS, 'FIELD_INVALID')),
    amount: kntAmount,
    request_id: requestId,
  }),
  result: z.object({ staked: z.string(), balance: z.string(), active: z.boolean() }),
})

/** One settled day of one reward stream: my basis (effective power or pledged KNT) against everyone's. */
export const SettlementShare = z.object({
  day: z.string(),
  basis: z.string(),
  total_basis: z.string(),
  reward: z.string(),
  received: z.boolean(),
})
export type SettlementShare = z.infer<typeof SettlementShare>

/** One receive: the unclaimed rewards of one stream moved to the KNT balance. */
export const RewardReceipt = z.object({
  id: z.number().int(),
  amount: z.string(),
  /** How many settled days it received. */
  days: z.number().int(),
  time: isoTime(),
})
export type RewardReceipt = z.infer<typeof RewardReceipt>

const receiveResult = z.object({ received: z.string(), balance: z.string() })

export const computing = method('/v1/computing', {
  readOnly: true,
  feature: 'earn',
  summary: 'Computing power details: my share of each settled day, newest first',
  auth: true,
  params: z.object({ ...pageParams }),
  result: listOf(SettlementShare),
})
export const tokenData = method('/v1/tokendata', {
  readOnly: true,
  feature: 'earn',
  summary: 'Token data details: my pledge’s share of each settled day, newest first',
  auth: true,
  params: z.object({ ...pageParams }),
  result: listOf(SettlementShare),
})
export const computingReceive = method('/v1/computing_receive', {
  feature: 'earn',
  summary: 'Receive the unclaimed computing-power rewards into the KNT balance; idempotent on request_id',
  auth: true,
  idempotencyKey: 'request_id',
  params: z.object({ request_id: requestId }),
  result: receiveResult,
})
export const tokenDataReceive = method('/v1/tokendata_receive', {
  feature: 'earn',
  summary: 'Receive the unclaimed token rewards into the KNT balance; idempotent on request_id',
  auth: true,
  idempotencyKey: 'request_id',
  params: z.object({ request_id: requestId }),
  result: receiveResult,
})
export const computingToken = method('/v1/computing_token', {
  readOnly: true,
  feature: 'earn',
  summary: 'Receive records of computing-power rewards, newest first',
  auth: true,
  params: z.object({ ...pageParams }),
  result: listOf(RewardReceipt),
})
export const tokenDataToken = method('/v1/tokendata_token', {
  readOnly: true,
  feature: 'earn',
  summary: 'Receive records of token rewards, newest first',
  auth: true,
  params: z.object({ ...pageParams }),
  result: listOf(RewardReceipt),
})

// The economy in the open: every figure recomputable from the ledger and the chain
// (docs/adr/2026-11-24-economy-page.md).
export const PAYOUT_STATUSES = ['queued', 'sent', 'confirmed', 'failed'] as const

/** One day's emission split into the computing-power pool and the staking (token) pool, KNT. */
const DayPools = z.object({
  day: z.string(),
  stage: z.number().int(),
  emission: z.string(),
  computing_pool: z.string(),
  token_pool: z.string(),
})

/** The treasury as the chain shows it, or that the chain could not be read. */
export const EconomyChain = z.discriminatedUnion('available', [
  z.object({
    available: z.literal(true),
    /** The treasury's address (it pays collects and receives deposits). */
    treasury: z.string(),
    /** Whole KNT and BNB the treasury holds on-chain. */
    knt: z.string(),
    bnb: z.string(),
    /** When the server read it, and the time of the block it read. */
    read_at: isoTime(),
    block_time: isoTime(),
  }),
  /** The node did not answer (or no treasury is configured): the ledger figures stand alone. */
  z.object({ available: z.literal(false), treasury: z.string().nullable() }),
])

export const EconomyPayout = z.object({
  id: z.number().int(),
  amount: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  hash: z.string(),
  time: isoTime(),
  /** The transaction on the network's explorer ('' when the network has none). */
  explorer_url: z.string(),
})

export const economy = method('/v1/economy', {
  readOnly: true,
  feature: 'earn',
  summary:
    'The economy in the open: emission and stage, both pools, total power and stake, payouts made and the treasury on-chain (beyond spec §7)',
  auth: false,
  params: z.object({ ...pageParams }),
  result: z.object({
    stage: Stage,
    estimate: Estimate,
    /** Today's pools: the settled run's when today is settled, else what settling today would split. */
    today: DayPools.extend({ settled: z.boolean() }),
    /** The latest settled day: its pools, what it issued and the totals it split them by. */
    last_settlement: DayPools.extend({
      issued: z.string(),
      /** The emission less what was issued (a pool nobody held a basis for, and rounding dust): it stays in the treasury. */
      unissued: z.string(),
      total_power: z.string(),
      total_staked: z.string(),
    }).nullable(),
    /** Everyone's effective computing power and all KNT pledged now. */
    total_power: z.string(),
    total_staked: z.string(),
    /** KNT every settlement issued, and KNT paid out on-chain (confirmed payouts), from the ledger. */
    issued: z.string(),
    paid_out: z.object({ count: z.number().int(), amount: z.string() }),
    /** Payouts broadcast to the chain (those with a transaction), newest first. */
    payouts: listOf(EconomyPayout),
    chain: EconomyChain,
  }),
})

// The ledger's history, invitations and the rules.
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
  /** Energy credited for a day: the day and its plausibility verdict (null for other movements). */
  effort: z
    .object({ day: z.string(), verdict: z.enum(EFFORT_VERDICTS), reasons: z.array(z.enum(EFFORT_REASONS)) })
    .nullable(),
})
export type LedgerEntry = z.infer<typeof LedgerEntry>

export const ledgerHistory = method('/v1/ledger', {
  readOnly: true,
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

/** The columns of the rewards and shop ledger CSV, in order (stable keys). */
export const LEDGER_CSV_COLUMNS = ['time', 'id', 'asset', 'kind', 'amount', 'balance', 'detail'] as const
export const ledgerExport = method('/v1/ledgerexport', {
  feature: 'earn',
  summary:
    'My rewards and shop ledger (points, energy, power, KNT) between two local days as CSV, oldest first, times in my time zone',
  auth: true,
  params: exportRange({}),
  result: CsvFile,
})

/**
 * Asks for a review of an energy credit's verdict: opens a support ticket with the day's data in
 * it. Answered idempotently: the same day asked again answers its ticket. Another user's entry
 * answers like a missing one.
 */
export const energyReview = method('/v1/energy_review', {
  feature: 'earn',
  summary: 'Ask for a review of an energy credit’s plausibility verdict (opens a support ticket, once per day)',
  auth: true,
  params: z.object({ id: id() }),
  result: z.object({ ticket_id: z.number().int(), day: z.string(), created: z.boolean() }),
})

/**
 * Asks for a review of a workout's plausibility verdict (from the sports record): opens the same
 * support ticket as `/v1/energy_review` for the workout's local day, with the day's data — also
 * when the day earned nothing and has no energy credit. One ticket per user and day: asked again
 * (from the workout or its credit) it answers that ticket. Another user's workout answers like a
 * missing one.
 */
export const workoutReview = method('/v1/workout_review', {
  feature: 'earn',
  summary: 'Ask for a review of a workout’s plausibility verdict (opens a support ticket, once per day)',
  auth: true,
  params: z.object({ id: id() }),
  result: z.object({ ticket_id: z.number().int(), day: z.string(), created: z.boolean() }),
})

export const Invitee = z.object({
  /** The invited account, partly hidden (e.g. `ab***@example.com`). */
  account: z.string(),
  registered_at: isoTime(),
  /** Points this invitation paid. */
  points: z.number().int(),
})

export const invite = method('/v1/invite', {
  readOnly: true,
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
  readOnly: true,
  feature: 'earn',
  summary: 'The rates, caps, stages and rewards of earning and the shop (beyond spec §7)',
  auth: false,
  params: z.object({}),
  result: z.object({ rules: z.record(z.string(), RuleValue) }),
})

export const balances = method('/v1/balances', {
  readOnly: true,
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

// Home: energy from authorized activity, contribute, supply and tasks.
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
  readOnly: true,
  feature: 'earn',
  summary:
    'Home: balances, today’s energy from authorized activity (credited when the data arrives, capped per day), sports, heart rate, ' +
    'sleep and goal metrics, tasks and recent activity records',
  auth: true,
  params: z.object({}),
  result: z.object({
    date: z.string(),
    points: z.number().int(),
    energy: z.string(),
    power: z.string(),
    /** Energy credited for today's activity so far, the daily cap, and what each consented kind earned. */
    today_energy: z.object({
      credited: z.string(),
      cap: z.string(),
      steps: z.string(),
      active: z.string(),
      workouts: z.string(),
      /** Minutes in the aerobic zone or above that were not active (step) minutes. */
      zone: z.string(),
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

/** An amount of energy; empty reads as missing (FIELD_REQUIRED). */
const energyAmount = z.preprocess((v) => (v === '' ? undefined : v), decimal())

export const finalize = method('/v1/finalize', {
  feature: 'earn',
  summary: 'Contribute energy into computing power at the configured rate; idempotent on request_id',
  auth: true,
  idempotencyKey: 'request_id',
  params: z.object({ amount: energyAmount, request_id: requestId }),
  result: z.object({ energy: z.string(), power: z.string(), added_power: z.string() }),
})

export const supply = method('/v1/supply', {
  feature: 'earn',
  summary: 'Obtain energy by paying points at the configured price; idempotent on request_id',
  auth: true,
  idempotencyKey: 'request_id',
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

// Wallet KNT in: KNT sent from the user's own wallet to the treasury becomes in-app KNT.

export const DEPOSIT_STATUSES = ['pending', 'credited', 'held', 'returned'] as const
/**
 * foreign: no account's wallet sent it; shared: several accounts proved the sender; reorg: the
 * chain undid it; unproven: the sender is a wallet no account proved (credited once its owner
 * proves it); system: a system address sent it (a dev-chain key, the payout signer, a listed
 * treasury funder), credited to no one; reversed: the operator held a credit made before
 * proofs from an address its account never proved.
 */
export const DEPOSIT_HELD_REASONS = ['foreign', 'shared', 'reorg', 'unproven', 'system', 'reversed'] as const

export const Deposit = z.object({
  /** null while pending (broadcast, no confirmed block yet). */
  id: z.number().int().nullable(),
  hash: z.string(),
  log_index: z.number().int().nullable(),
  /** The sending wallet address (EIP-55). */
  from: z.string(),
  /** KNT, whole units. */
  amount: z.string(),
  status: z.enum(DEPOSIT_STATUSES),
  held_reason: z.enum(DEPOSIT_HELD_REASONS).nullable(),
  block_number: z.number().int().nullable(),
  time: isoTime(),
})
export type Deposit = z.infer<typeof Deposit>

export const deposits = method('/v1/deposits', {
  feature: 'earn',
  summary:
    'Deposit KNT from my wallet: the treasury address, token and network to send to, and my deposits ' +
    '(pending, credited once after the confirmations of the chain, held for the operator, returned). ' +
    'DEPOSIT_UNAVAILABLE without a treasury; DEPOSIT_WRONG_NETWORK when chain_id is not the chain of the server',
  auth: true,
  params: z.object({ chain_id: optional(int()) }),
  result: z.object({
    /** The treasury address (EIP-55): the recipient of a deposit's KNT transfer. */
    treasury: z.string(),
    /** The KNT contract (EIP-55). */
    token: z.string(),
    network: Network,
    list: z.array(Deposit),
  }),
})
