import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/rpc/app-error.ts'
import { holdsRepo } from './holds.repo.ts'
import { energyRepo } from './energy.repo.ts'
import { ledgerRepo, type HistoryFilter } from './ledger.repo.ts'
import { custody as custodyHeld } from './settlement.repo.ts'

/**
 * The ledger's assets and their decimals: amounts are integers in base units (points are
 * whole, KNT has 18 decimals like the token), never JS floats.
 */
export const ASSETS = { points: 0, energy: 2, power: 4, knt: 18 } as const
export type Asset = keyof typeof ASSETS
export const isAsset = (value: string): value is Asset => Object.hasOwn(ASSETS, value)

/** Named system accounts. Issuers may go negative by what they issued; the others may not. */
export const SYSTEM = {
  /** Issues points and energy (rewards, referrals, tasks). */
  rewards: 'system:rewards',
  /** Issues KNT (settlement emission) and receives it back from collected payouts. */
  treasury: 'system:treasury',
  /** Receives the points spent in the shop. */
  shop: 'system:shop',
  /** Holds KNT being paid out on-chain until the payout is confirmed or refunded. */
  payouts: 'system:payouts',
  /** Holds pledged KNT, and unpledged KNT cooling down (Discover). */
  pledges: 'system:pledges',
  /** Holds settled rewards until their owners receive them. */
  unclaimed: 'system:unclaimed',
  /** Holds energy frozen while the operator reviews a workout imported into two accounts. */
  held: 'system:held',
} as const
const ISSUERS: ReadonlySet<string> = new Set([SYSTEM.rewards, SYSTEM.treasury])

export type Owner = `user:${number}` | (typeof SYSTEM)[keyof typeof SYSTEM]
export const userAccount = (userId: number): Owner => `user:${userId}`

export interface Line {
  owner: Owner
  asset: Asset
  /** Positive credits, negative debits, in base units. */
  amount: bigint
}

export interface PostingInput {
  /**
   * Unique per movement (e.g. `referral:42`, `order:7`): a repeat moves nothing; another
   * movement (other lines or kind) under a used key is refused with IDEMPOTENCY_KEY_REUSED.
   */
  key: string
  kind: string
  memo?: Record<string, unknown>
  lines: Line[]
}

export interface Posting {
  id: number
  key: string
  kind: string
  /** false when the same posting was made before: the original posting, nothing moved now. */
  created: boolean
}

const userIdOf = (owner: string): number | null => (owner.startsWith('user:') ? Number(owner.slice(5)) : null)

/** Checks a posting is balanced and well-formed before anything is written. */
function netPerAccount(lines: Line[]): Map<string, { owner: Owner; asset: Asset; amount: bigint }> {
  if (lines.length < 2) throw new Error('a posting needs at least two lines')
  const perAsset = new Map<Asset, bigint>()
  const perAccount = new Map<string, { owner: Owner; asset: Asset; amount: bigint }>()
  for (const line of lines) {
    if (!isAsset(line.asset)) throw new Error(`unknown asset ${line.asset}`)
    if (line.amount === 0n) throw new Error('a ledger line cannot be zero')
    perAsset.set(line.asset, (perAsset.get(line.asset) ?? 0n) + line.amount)
    const key = `${line.owner}|${line.asset}`
    const net = perAccount.get(key)
    perAccount.set(key, { ...line, amount: (net?.amount ?? 0n) + line.amount })
  }
  for (const [asset, sum] of perAsset) if (sum !== 0n) throw new Error(`posting does not balance in ${asset}`)
  for (const [key, net] of perAccount) if (net.amount === 0n) perAccount.delete(key)
  return perAccount
}

/** Whether a posting's entries are the net lines of another posting. */
function sameMovement(
  entries: { owner: string; asset: string; amount: string }[],
  net: Map<string, { owner: Owner; asset: Asset; amount: bigint }>,
): boolean {
  const stored = entries.map((e) => `${e.owner}|${e.asset}|${BigInt(e.amount)}`).sort()
  const wanted = [...net.values()].map((l) => `${l.owner}|${l.asset}|${l.amount}`).sort()
  return stored.length === wanted.length && stored.every((e, i) => e === wanted[i])
}

/** What a user sees when a debit would take a balance below zero. */
const insufficient = (asset: Asset) =>
  asset === 'points' ? new AppError('INSUFFICIENT_POINTS') : new AppError('INSUFFICIENT_BALANCE')

/**
 * The ledger API other features use (docs/adr/2026-11-23-double-entry-ledger.md). `post` runs in its own
 * transaction, or inside the caller's when `db` is one (a savepoint), so a purchase can
 * take stock and debit points atomically.
 */
export function ledger(db: Db) {
  return {
    async post(input: PostingInput): Promise<Posting> {
      const net = netPerAccount(input.lines)
      return db.transaction(async (tx) => {
        const repo = ledgerRepo(tx)
        // Concurrent postings with one key: the unique index lets one insert, the others
        // wait for it to commit and then get nothing back.
        const posting = await repo.insertPosting(input.key, input.kind, input.memo ?? {})
        if (!posting) {
          const original = await repo.postingByKey(input.key)
          if (!original) throw new Error(`posting ${input.key} vanished`)
          // a repeat is the same movement; another one under a used key is refused, not taken as done
          const done = await repo.entriesOfPosting(original.id)
          if (original.kind !== input.kind || !sameMovement(done, net)) throw new AppError('IDEMPOTENCY_KEY_REUSED')
          return { id: original.id, key: input.key, kind: original.kind, created: false }
        }
        // Sorted, so two postings creating the same new accounts insert them in one order.
        const wanted = [...net.values()].sort((a, b) => (`${a.owner}|${a.asset}` < `${b.owner}|${b.asset}` ? -1 : 1))
        await repo.ensureAccounts(
          wanted.map((l) => ({
            owner: l.owner,
            asset: l.asset,
            userId: userIdOf(l.owner),
            mayGoNegative: ISSUERS.has(l.owner),
          })),
        )
        const locked = await repo.lockAccounts(wanted)
        const entries = []
        for (const account of locked) {
          const line = net.get(`${account.owner}|${account.asset}`)
          if (!line) continue
          const after = BigInt(account.balance) + line.amount
          if (after < 0n && !account.mayGoNegative) throw insufficient(line.asset)
          await repo.setBalance(account.id, after)
          entries.push({
            postingId: posting.id,
            accountId: account.id,
            asset: line.asset,
            amount: line.amount,
            balanceAfter: after,
          })
        }
        await repo.insertEntries(entries)
        return { id: posting.id, key: input.key, kind: input.kind, created: true }
      })
    },

    /** Credits a user from an issuer (points and energy from `system:rewards`). */
    async reward(
      userId: number,
      asset: Asset,
      amount: bigint,
      key: string,
      kind: string,
      memo?: Record<string, unknown>,
    ) {
      if (amount <= 0n) throw new AppError('AMOUNT_INVALID', { field: 'amount' })
      const issuer = asset === 'knt' ? SYSTEM.treasury : SYSTEM.rewards
      return this.post({
        key,
        kind,
        ...(memo && { memo }),
        lines: [
          { owner: issuer, asset, amount: -amount },
          { owner: userAccount(userId), asset, amount },
        ],
      })
    },

    /** Debits a user into a system account; refused (nothing written) below zero. */
    async debit(
      userId: number,
      asset: Asset,
      amount: bigint,
      to: Owner,
      key: string,
      kind: string,
      memo?: Record<string, unknown>,
    ) {
      if (amount <= 0n) throw new AppError('AMOUNT_INVALID', { field: 'amount' })
      return this.post({
        key,
        kind,
        ...(memo && { memo }),
        lines: [
          { owner: userAccount(userId), asset, amount: -amount },
          { owner: to, asset, amount },
        ],
      })
    },

    balance(userId: number, asset: Asset): Promise<bigint> {
      return ledgerRepo(db).balance(userAccount(userId), asset)
    },

    /** Several of a user's balances in one read. */
    balances<A extends Asset>(userId: number, assets: readonly A[]): Promise<Record<A, bigint>> {
      return ledgerRepo(db).balances(userAccount(userId), assets)
    },

    /** A user's latest movements, without counting them all. */
    recent(userId: number, limit: number) {
      return ledgerRepo(db).recent({ userId, page: 1, limit })
    },

    /** Movements on the local days `from` … `to` in `timeZone`, oldest first (a CSV export). */
    inDays(userId: number, from: string, to: string, timeZone: string) {
      return ledgerRepo(db).inDays(userId, from, to, timeZone)
    },
    history(filter: HistoryFilter) {
      return ledgerRepo(db).history(filter)
    },

    received(userId: number, asset: Asset, kinds: string[]): Promise<bigint> {
      return ledgerRepo(db).sumByKinds(userId, asset, kinds)
    },

    entriesOf(postingId: number) {
      return ledgerRepo(db).entriesOfPosting(postingId)
    },
  }
}
export type Ledger = ReturnType<typeof ledger>

export interface Reconciliation {
  ok: boolean
  /** Accounts whose balance differs from the sum of their entries. */
  accounts: { owner: string; asset: string; balance: string; entries: string }[]
  /** Postings that do not sum to zero per asset (or are otherwise malformed). */
  postings: { posting_id: string; asset: string; total: string }[]
  /**
   * System accounts holding users' KNT whose balance differs from what they hold it for:
   * `system:pledges` (pledges and cool-downs), `system:unclaimed` (credited, unreceived shares) and
   * `system:held` (energy frozen by open holds, `energy_holds`).
   */
  custody: { owner: string; balance: string; expected: string }[]
  /** Users' days whose kept credited energy (`energy_days`) differs from that day's energy postings. */
  energyDays: { user_id: string; day: string; kept: string; posted: string }[]
}

/**
 * The reconciliation check: sum of entries = balance per account; every posting sums to
 * zero; the custody accounts hold exactly what Discover's tables say they hold.
 */
export async function reconcile(db: Db): Promise<Reconciliation> {
  const repo = ledgerRepo(db)
  const [accounts, postings, held, pledges, unclaimed, energyDays, frozen, frozenExpected] = await Promise.all([
    repo.balanceMismatches(),
    repo.unbalancedPostings(),
    custodyHeld(db),
    repo.balance(SYSTEM.pledges, 'knt'),
    repo.balance(SYSTEM.unclaimed, 'knt'),
    energyRepo(db).energyDayMismatches(),
    repo.balance(SYSTEM.held, 'energy'),
    holdsRepo(db).openTotal(),
  ])
  const custody = [
    { owner: SYSTEM.pledges, balance: pledges, expected: held.pledges },
    { owner: SYSTEM.unclaimed, balance: unclaimed, expected: held.unclaimed },
    { owner: SYSTEM.held, balance: frozen, expected: frozenExpected },
  ]
    .filter((c) => c.balance !== c.expected)
    .map((c) => ({ owner: c.owner, balance: c.balance.toString(), expected: c.expected.toString() }))
  return {
    ok: accounts.length === 0 && postings.length === 0 && custody.length === 0 && energyDays.length === 0,
    accounts,
    postings,
    custody,
    energyDays,
  }
}
