import type { admin } from '@kinetic/protocol'
import type { Db } from '../../platform/db/client.ts'
import { messageUrl, postSystemMessage, systemMessage, type PushService, type SystemMessage } from '../content/index.ts'
import { ledger, SYSTEM } from './ledger.ts'
import { fmtKnt, fmtPower, knt, pools, stageOf } from './settlement.ts'
import { settlementRepo, type RewardKind, type RunRow } from './settlement.repo.ts'
import type { EarnSettings } from './settings.ts'

/** Shares credited per transaction (each batch is one posting into `system:unclaimed`). */
export const SETTLEMENT_BATCH = 500
const KINDS: readonly RewardKind[] = ['computing', 'token']

export interface SettleOptions {
  batchSize?: number
  /** Called after each committed batch with how many this call committed (the crash test's hook). */
  afterBatch?: (batches: number) => void
}

function view(r: { run: RunRow; shares: number; credited: number }): admin.SettlementRun {
  const { run } = r
  return {
    day: run.day,
    status: run.status === 'done' ? 'done' : 'running',
    stage: run.stage,
    emission: fmtKnt(run.emission),
    computing_pool: fmtKnt(run.computingPool),
    token_pool: fmtKnt(run.tokenPool),
    total_power: fmtPower(run.totalPower),
    total_staked: fmtKnt(run.totalStaked),
    issued: fmtKnt(run.issued),
    shares: r.shares,
    credited: r.credited,
    started_at: run.startedAt.toISOString(),
    finished_at: run.finishedAt?.toISOString() ?? null,
  }
}

/**
 * The daily settlement, exactly once across instances and resumable: a day is claimed once
 * (its primary key, under the settlement lock) together with the snapshot of every share;
 * the shares are then credited in batches, each one transaction with its own ledger key
 * (`settlement:<day>:<kind>:<first share id>`), so a run stopped half-way continues where it
 * stopped and never pays a share twice.
 */
export function settlementService(deps: { db: Db; settings: EarnSettings; push?: Pick<PushService, 'notify'> }) {
  const { db, settings, push } = deps
  const repo = settlementRepo(db)

  /** Creates the day's run and its shares; false when the day already has one. */
  async function claim(day: string): Promise<boolean> {
    // read before taking the lock: waiting on it must not hold the connection the holder needs
    const s = await settings.get()
    return db.transaction(async (tx) => {
      const locked = settlementRepo(tx)
      await locked.lock()
      if (await locked.run(day)) return false
      const stage = stageOf(await locked.emittedDays(day), s)
      const pool = pools(stage.emission, s.token_share_pct)
      await locked.insertRun({
        day,
        stage: stage.number,
        emission: stage.emission.toString(),
        computingPool: pool.computing.toString(),
        tokenPool: pool.token.toString(),
      })
      await locked.snapshot(day, knt(s.node_activate_knt), s.node_boost_pct)
      const totals = { computing: 0n, token: 0n }
      let issued = 0n
      for (const kind of KINDS) {
        totals[kind] = await locked.totalBasis(day, kind)
        // a pool nobody holds a basis for is not issued
        if (totals[kind] > 0n) issued += await locked.apportion(day, kind, pool[kind], totals[kind])
      }
      await locked.setTotals(day, { totalPower: totals.computing, totalStaked: totals.token, issued })
      return true
    })
  }

  /** Credits the next batch of one pool's shares; how many it credited (0: none left). */
  async function creditBatch(day: string, kind: RewardKind, size: number): Promise<number> {
    const told: { userId: number; messageId: number; message: SystemMessage }[] = []
    const credited = await db.transaction(async (tx) => {
      const locked = settlementRepo(tx)
      await locked.lock()
      const batch = await locked.takeBatch(day, kind, size)
      const first = batch[0]
      if (!first) return 0
      const amount = batch.reduce((sum, share) => sum + BigInt(share.reward), 0n)
      if (amount > 0n) {
        const posting = await ledger(tx).post({
          key: `settlement:${day}:${kind}:${first.id}`,
          kind: 'settlement',
          memo: { day, kind, shares: batch.length },
          lines: [
            { owner: SYSTEM.treasury, asset: 'knt', amount: -amount },
            { owner: SYSTEM.unclaimed, asset: 'knt', amount },
          ],
        })
        if (!posting.created) throw new Error(`settlement batch ${posting.key} was already posted`)
      }
      // each user credited a reward is told, in the same transaction (a share of 0 KNT is not news)
      for (const share of batch) {
        if (BigInt(share.reward) === 0n) continue
        const message = systemMessage('settlementCredited', { day, amount: fmtKnt(BigInt(share.reward)) })
        told.push({ userId: share.userId, message, messageId: await postSystemMessage(tx, share.userId, message) })
      }
      return batch.length
    })
    for (const { userId, message, messageId } of told)
      await push?.notify(userId, {
        kind: 'settlement',
        title: message.title,
        body: message.content,
        url: messageUrl(messageId),
      })
    return credited
  }

  async function runView(day: string): Promise<admin.SettlementRun> {
    const [row] = (await repo.page(1, 1, day)).rows
    if (!row) throw new Error(`settlement run ${day} vanished`)
    return view(row)
  }

  return {
    /** Settles a UTC day, or resumes it; a done day pays nothing. `created`: this call claimed it. */
    async settle(day: string, options: SettleOptions = {}) {
      const created = await claim(day)
      if ((await repo.run(day))?.status !== 'done') {
        let batches = 0
        for (const kind of KINDS) {
          while ((await creditBatch(day, kind, options.batchSize ?? SETTLEMENT_BATCH)) > 0)
            options.afterBatch?.(++batches)
        }
        await repo.finish(day)
      }
      return { run: await runView(day), created }
    },

    async list(page: number, limit: number) {
      const { rows, total } = await repo.page(page, limit)
      return { list: rows.map(view), total, page, limit }
    },

    unfinished: () => repo.unfinished(),
    lastDayUpTo: (day: string) => repo.lastDayUpTo(day),
  }
}
export type SettlementService = ReturnType<typeof settlementService>
