import type { Db } from '../../platform/db/client.ts'
import { earnRepo, referralKey } from './earn.repo.ts'
import { ledger } from './ledger.ts'
import type { EarnSettings } from './settings.ts'

/** Backlog entries paid per transaction by the start-up step. */
const BACKLOG_PAGE = 100

/** `ab***@example.com`, `138****5678`: enough for the inviter to recognise, no more. */
export function maskAccount(email: string | null, phone: string | null): string {
  if (email) {
    const [name = '', domain = ''] = email.split('@')
    return `${name.slice(0, 2)}***@${domain}`
  }
  if (phone) return `${phone.slice(0, 3)}****${phone.slice(-4)}`
  return '***'
}

export interface Invitee {
  id: number
  email: string | null
  phone: string | null
}

/**
 * Referral rewards, credited by the event that earns them: an account registering with the
 * inviter's code (docs/adr/2026-11-24-credit-on-arrival.md). No read pays them.
 */
export function referrals(deps: { db: Db; settings: EarnSettings }) {
  const { db, settings } = deps

  /**
   * Pays the inviter's reward for one invited account once (key `referral:<invited id>`), on
   * `tx`: the registration's transaction, so the points are spendable when it commits. A
   * reward of 0 points pays nothing.
   */
  async function invited(tx: Db, inviterId: number, invitee: Invitee): Promise<void> {
    const points = (await settings.get()).referral_reward_points
    if (points <= 0) return
    await ledger(tx).reward(inviterId, 'points', BigInt(points), referralKey(invitee.id), 'referral', {
      invited_id: invitee.id,
      account: maskAccount(invitee.email, invitee.phone),
    })
  }

  return {
    invited,

    /**
     * The one-off start-up step: pays every account the migration listed (invitees whose
     * reward only a read would have paid), each in one transaction with its removal from the
     * list. Idempotent through the ledger key, so two instances starting at once pay once;
     * with the list empty it is one read. Answers how many it took off the list.
     */
    async payBacklog(): Promise<number> {
      const repo = earnRepo(db)
      const orphans = await repo.orphanBacklog()
      await repo.doneBacklog(orphans)
      let done = orphans.length
      for (;;) {
        const page = await repo.backlog(BACKLOG_PAGE)
        if (page.length === 0) return done
        for (const row of page) {
          await db.transaction(async (tx) => {
            if (row.invitedBy !== null) await invited(tx, row.invitedBy, row)
            await earnRepo(tx).doneBacklog([row.id])
          })
        }
        done += page.length
      }
    },
  }
}
export type Referrals = ReturnType<typeof referrals>
