import { earn, health, type Params, type Texts, type WireLang } from '@kinetic/protocol'
import { formatUnits } from 'viem'
import type { Db } from '../../platform/db/client.ts'
import { isoInZone, textCell, toCsv } from '../../platform/export/csv.ts'
import { ASSETS, isAsset, ledger, type Ledger } from './ledger.ts'
import { earnRepo } from './earn.repo.ts'
import { maskAccount } from './referrals.ts'
import type { EarnSettings } from './settings.ts'

/** The history's words for a movement: the good's name in the request's language, the invited account… */
function detailOf(memo: Record<string, unknown>, lang: WireLang): string {
  const good = memo.good as Texts | undefined
  if (good) return good[lang]
  return typeof memo.account === 'string' ? memo.account : ''
}

/** An energy credit's day and plausibility verdict, from its memo (credits before verdicts have none). */
export function effortOf(kind: string, memo: Record<string, unknown>): earn.LedgerEntry['effort'] {
  if (kind !== 'energy' || typeof memo.day !== 'string') return null
  const verdict = health.EFFORT_VERDICTS.find((v) => v === memo.verdict)
  if (!verdict) return null
  const reasons = Array.isArray(memo.reasons) ? memo.reasons : []
  return { day: memo.day, verdict, reasons: health.EFFORT_REASONS.filter((r) => reasons.includes(r)) }
}

/**
 * Earning's reads: the invitations, the ledger's history, balances and the rules. None of
 * them writes: referral rewards are paid at registration (referrals.ts).
 */
export function earnService(deps: { db: Db; settings: EarnSettings }) {
  const { db, settings } = deps
  const repo = earnRepo(db)
  const book: Ledger = ledger(db)

  return {
    async invite(userId: number, p: Params<typeof earn.invite>) {
      const [code, rules, { rows, total }, received, points] = await Promise.all([
        repo.inviteCode(userId),
        settings.get(),
        repo.invitees(userId, p.page, p.limit),
        book.received(userId, 'points', ['referral']),
        book.balance(userId, 'points'),
      ])
      return {
        invite_code: code ?? '',
        reward_points: rules.referral_reward_points,
        received_points: Number(received),
        points: Number(points),
        list: rows.map((r) => ({
          account: maskAccount(r.email, r.phone),
          registered_at: r.createdAt.toISOString(),
          points: Number(r.points),
        })),
        total,
        page: p.page,
        limit: p.limit,
      }
    },

    async history(userId: number, p: Params<typeof earn.ledgerHistory>, lang: WireLang) {
      const { rows, total } = await book.history({
        userId,
        asset: p.asset,
        direction: p.direction,
        page: p.page,
        limit: p.limit,
      })
      return {
        list: rows.map((r) => {
          const asset = r.ledger_entries.asset
          const decimals = isAsset(asset) ? ASSETS[asset] : 0
          return {
            id: r.ledger_entries.id,
            asset: asset as earn.LedgerEntry['asset'],
            amount: formatUnits(BigInt(r.ledger_entries.amount), decimals),
            balance: formatUnits(BigInt(r.ledger_entries.balanceAfter), decimals),
            kind: r.ledger_postings.kind,
            detail: detailOf(r.ledger_postings.memo, lang),
            time: r.ledger_entries.createdAt.toISOString(),
            effort: effortOf(r.ledger_postings.kind, r.ledger_postings.memo),
          }
        }),
        total,
        page: p.page,
        limit: p.limit,
      }
    },

    /**
     * The ledger (points, energy, power, KNT: rewards, shop purchases and refunds, payouts) on
     * local days `from` … `to` as CSV, oldest first; times in the account's zone (ADR csv-exports).
     */
    async ledgerExport(userId: number, p: Params<typeof earn.ledgerExport>, lang: WireLang) {
      const timeZone = await repo.timeZone(userId)
      const rows = await book.inDays(userId, p.from, p.to, timeZone)
      const lines = rows.map((r) => {
        const asset = r.ledger_entries.asset
        const decimals = isAsset(asset) ? ASSETS[asset] : 0
        return {
          time: isoInZone(r.ledger_entries.createdAt, timeZone),
          id: String(r.ledger_entries.id),
          asset,
          kind: r.ledger_postings.kind,
          amount: formatUnits(BigInt(r.ledger_entries.amount), decimals),
          balance: formatUnits(BigInt(r.ledger_entries.balanceAfter), decimals),
          detail: textCell(detailOf(r.ledger_postings.memo, lang)),
        }
      })
      return { csv: toCsv(earn.LEDGER_CSV_COLUMNS, lines), rows: lines.length, time_zone: timeZone }
    },

    async balances(userId: number) {
      const [points, energy, power, knt, rules] = await Promise.all([
        book.balance(userId, 'points'),
        book.balance(userId, 'energy'),
        book.balance(userId, 'power'),
        book.balance(userId, 'knt'),
        settings.get(),
      ])
      return {
        points: Number(points),
        energy: formatUnits(energy, ASSETS.energy),
        power: formatUnits(power, ASSETS.power),
        knt: formatUnits(knt, ASSETS.knt),
        collect_min: rules.collect_min_knt,
      }
    },

    async rules() {
      return { rules: { ...(await settings.get()) } }
    },
  }
}
export type EarnService = ReturnType<typeof earnService>
