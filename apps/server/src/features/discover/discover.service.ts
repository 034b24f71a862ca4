import type { earn, Params } from '@kinetic/protocol'
import { LRUCache } from 'lru-cache'
import { parseUnits } from 'viem'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/rpc/app-error.ts'
import { keep } from '../../platform/rpc/envelope.ts'
import {
  ASSETS,
  effectivePower,
  fmtKnt,
  fmtPower,
  estimate,
  isActive,
  knt,
  ledger,
  networkPower,
  pools,
  stageOfDay,
  stageView,
  SYSTEM,
  userAccount,
  utcDay,
  type EarnSettings,
  type NetworkTotals,
  type RewardKind,
  type Settings,
} from '../earn/index.ts'
import { discoverRepo, type DiscoverPage, type RecordRow } from './discover.repo.ts'

const DAY_MS = 86_400_000
/** Cool-downs released per pass of the settlement job. */
const RELEASE_BATCH = 200
/** Users whose last Discover page is kept (a few KB each); a forgotten one costs one more statement. */
const PAGES_KEPT = 20_000

type FindAnswer = ReturnType<typeof findAnswer>

/** A user's Discover page as last read (on a UTC day), and its answer with what that was computed with. */
interface KeptPage {
  page: DiscoverPage
  today: string
  answered?: { settings: Settings; totals: NetworkTotals; answer: FindAnswer }
}

/** Discover's answer from the user's page on a UTC day, the settings and everyone's power and active stake now. */
function findAnswer(page: DiscoverPage, today: string, s: Settings, totals: NetworkTotals) {
  const activateMin = knt(s.node_activate_knt)
  const { staked, cooling, emitted, last, records } = page
  const { power, knt: balance } = page.balances
  const { computing, token } = page.rewards
  const active = isActive(staked, activateMin)
  const stage = stageOfDay(today, emitted, s)
  return {
    node: {
      active,
      staked: fmtKnt(staked),
      activate_min: fmtKnt(activateMin),
      boost_pct: s.node_boost_pct,
      cooldown_days: s.pledge_cooldown_days,
      cooling: cooling.map((c) => ({
        id: c.id,
        amount: fmtKnt(c.amount),
        release_at: (c.releaseAt ?? c.createdAt).toISOString(),
      })),
    },
    power: fmtPower(power),
    effective_power: fmtPower(effectivePower(power, active, s.node_boost_pct)),
    total_power: fmtPower(totals.power),
    balance: fmtKnt(balance),
    unclaimed: { computing: fmtKnt(computing), token: fmtKnt(token) },
    profits: { last: fmtKnt(page.rewards.last), total: fmtKnt(page.rewards.total) },
    stage: stageView(stage, s),
    estimate: estimate(pools(stage.emission, s.token_share_pct), totals),
    last_settlement: last
      ? { day: last.day, emission: fmtKnt(last.emission), total_power: fmtPower(last.totalPower) }
      : null,
    records: records.map((r) => ({
      id: r.id,
      kind: r.kind as (typeof earn.DISCOVER_RECORD_KINDS)[number],
      amount: fmtKnt(r.amount),
      time: r.createdAt.toISOString(),
    })),
  }
}

/** A positive KNT amount (the protocol already allows at most 18 decimals), in base units. */
function parseKnt(value: string): bigint {
  const amount = parseUnits(value, ASSETS.knt)
  if (amount <= 0n) throw new AppError('AMOUNT_INVALID', { field: 'amount' })
  return amount
}

const recordKind = (kind: RewardKind) => (kind === 'computing' ? 'receive_computing' : 'receive_token')

/**
 * Discover: pledging KNT to activate a node, the unpledge cool-down, settled
 * rewards and receiving them. Cool-downs that are due are released when the user reads
 * /v1/find (or pledges) and by the settlement job.
 */
export function discoverService(deps: { db: Db; settings: EarnSettings }) {
  const { db, settings } = deps
  const repo = discoverRepo(db)
  const book = ledger(db)
  const totalsOf = networkPower(repo.networkTotals)
  /**
   * Discover as last read for each user, under the versions it was read at (`read_versions`,
   * `shared_versions`: they move with every committed change of what it shows, in any
   * instance), with its answer and what that was computed with
   * (docs/adr/2026-11-25-read-versions.md).
   */
  const pages = new LRUCache<number, KeptPage>({ max: PAGES_KEPT })

  /** The user's kept page while its versions and its UTC day hold; else the page read again (with its versions). */
  async function keptPage(userId: number, today: string): Promise<KeptPage> {
    const kept = pages.get(userId)
    if (kept?.today === today) {
      const stamp = await repo.stamp(userId)
      if (kept.page.mine === stamp.mine && kept.page.settlement === stamp.settlement) return kept
    }
    const read: KeptPage = { page: await repo.page(userId, today), today }
    pages.set(userId, read)
    return read
  }

  /** Returns one cooled-down unpledge to the balance, once (`release:<id>`). */
  async function release(cooling: RecordRow): Promise<void> {
    await db.transaction(async (tx) => {
      const locked = discoverRepo(tx)
      if (!(await locked.markReleased(cooling.id))) return
      await locked.insertRecord({
        userId: cooling.userId,
        kind: 'release',
        amount: cooling.amount,
        unstakeId: cooling.id,
      })
      await ledger(tx).post({
        key: `release:${cooling.id}`,
        kind: 'release',
        memo: { unstake_id: cooling.id },
        lines: [
          { owner: SYSTEM.pledges, asset: 'knt', amount: -BigInt(cooling.amount) },
          { owner: userAccount(cooling.userId), asset: 'knt', amount: BigInt(cooling.amount) },
        ],
      })
    })
  }

  /** Releases due cool-downs of one user, or of anyone (the job); how many. */
  async function releaseDue(userId?: number): Promise<number> {
    const due = await repo.due(userId, RELEASE_BATCH)
    for (const cooling of due) await release(cooling)
    return due.length
  }

  /** A request id seen before: the same request answers again, another one is refused. */
  function sameRequest(original: RecordRow | undefined, kind: string, amount?: bigint) {
    if (!original || original.kind !== kind || (amount !== undefined && BigInt(original.amount) !== amount))
      throw new AppError('IDEMPOTENCY_KEY_REUSED', { field: 'request_id' })
  }

  async function stake(userId: number, amount: bigint, requestId: string) {
    const original = await repo.recordByRequest(userId, requestId)
    if (original) return sameRequest(original, 'stake', amount)
    if ((await book.balance(userId, 'knt')) < amount) throw new AppError('INSUFFICIENT_BALANCE', { field: 'amount' })
    await db.transaction(async (tx) => {
      const locked = discoverRepo(tx)
      const record = await locked.insertRecord({ userId, kind: 'stake', requestId, amount: amount.toString() })
      if (!record) return sameRequest(await locked.recordByRequest(userId, requestId), 'stake', amount)
      try {
        await ledger(tx).debit(userId, 'knt', amount, SYSTEM.pledges, `pledge:${userId}:${requestId}`, 'pledge', {
          amount: fmtKnt(amount),
        })
      } catch (error) {
        // the balance changed since the check above: still the amount's fault
        if (error instanceof AppError && error.code === 'INSUFFICIENT_BALANCE')
          throw new AppError('INSUFFICIENT_BALANCE', { field: 'amount' })
        throw error
      }
      await locked.addStake(userId, amount)
    })
  }

  async function unstake(userId: number, amount: bigint, requestId: string) {
    const days = (await settings.get()).pledge_cooldown_days
    await db.transaction(async (tx) => {
      const locked = discoverRepo(tx)
      const releaseAt = new Date(Date.now() + days * DAY_MS)
      const record = await locked.insertRecord({
        userId,
        kind: 'unstake',
        requestId,
        amount: amount.toString(),
        releaseAt,
      })
      if (!record) return sameRequest(await locked.recordByRequest(userId, requestId), 'unstake', amount)
      if (!(await locked.takeStake(userId, amount))) throw new AppError('PLEDGE_EXCEEDED', { field: 'amount' })
    })
  }

  async function receive(userId: number, kind: RewardKind, requestId: string) {
    const amount = await db.transaction(async (tx) => {
      const locked = discoverRepo(tx)
      const record = await locked.insertRecord({ userId, kind: recordKind(kind), requestId })
      if (!record) {
        const original = await locked.recordByRequest(userId, requestId)
        sameRequest(original, recordKind(kind))
        return BigInt(original?.amount ?? '0')
      }
      const rewards = await locked.claimShares(userId, kind, record.id)
      const total = rewards.reduce((sum, r) => sum + r, 0n)
      if (total <= 0n) throw new AppError('NOTHING_TO_RECEIVE')
      await locked.setReceipt(record.id, total, rewards.length)
      await ledger(tx).post({
        key: `receive:${record.id}`,
        kind: 'receive',
        memo: { reward: kind, days: rewards.length },
        lines: [
          { owner: SYSTEM.unclaimed, asset: 'knt', amount: -total },
          { owner: userAccount(userId), asset: 'knt', amount: total },
        ],
      })
      return total
    })
    return { received: fmtKnt(amount), balance: fmtKnt(await book.balance(userId, 'knt')) }
  }

  async function sharesPage(userId: number, kind: RewardKind, p: { page: number; limit: number }) {
    const { rows, total } = await repo.shares(userId, kind, p.page, p.limit)
    const basis = kind === 'computing' ? fmtPower : fmtKnt
    return {
      list: rows.map((r) => ({
        day: r.day,
        basis: basis(r.basis),
        total_basis: basis(r.totalBasis),
        reward: fmtKnt(r.reward),
        received: r.receiptId !== null,
      })),
      total,
      page: p.page,
      limit: p.limit,
    }
  }

  async function receiptsPage(userId: number, kind: RewardKind, p: { page: number; limit: number }) {
    const { rows, total } = await repo.records(userId, [recordKind(kind)], p.page, p.limit)
    return {
      list: rows.map((r) => ({ id: r.id, amount: fmtKnt(r.amount), days: r.days, time: r.createdAt.toISOString() })),
      total,
      page: p.page,
      limit: p.limit,
    }
  }

  return {
    releaseDue,

    /**
     * Discover's page; a read, so it writes nothing (due cool-downs are released by the
     * scheduler's job). One statement the first time (the page with its versions), then one short
     * read while the versions hold and one more statement after a change; answered again when the
     * settings or everyone's power move.
     */
    async find(userId: number): Promise<FindAnswer> {
      const s = await settings.get()
      const today = utcDay()
      const [kept, totals] = await Promise.all([
        keptPage(userId, today),
        totalsOf({ activateMin: knt(s.node_activate_knt), boostPct: s.node_boost_pct }),
      ])
      if (kept.answered?.settings !== s || kept.answered.totals !== totals)
        kept.answered = { settings: s, totals, answer: keep(findAnswer(kept.page, today, s, totals)) }
      return kept.answered.answer
    },

    /** Stake or unstake KNT; idempotent on the request id. */
    async pledge(userId: number, p: Params<typeof earn.pledge>) {
      const amount = parseKnt(p.amount)
      if (p.action === 'stake') await stake(userId, amount, p.request_id)
      else await unstake(userId, amount, p.request_id)
      await releaseDue(userId)
      const staked = await repo.staked(userId)
      return {
        staked: fmtKnt(staked),
        balance: fmtKnt(await book.balance(userId, 'knt')),
        active: isActive(staked, knt((await settings.get()).node_activate_knt)),
      }
    },

    receive,
    shares: sharesPage,
    receipts: receiptsPage,
  }
}
export type DiscoverService = ReturnType<typeof discoverService>
