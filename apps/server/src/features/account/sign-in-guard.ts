import type { Mailer } from '../../platform/mail/mailer.ts'
import { AppError } from '../../platform/rpc/app-error.ts'
import type { AccountRepo, UserRow } from './account.repo.ts'
import { languageOf } from './language.ts'
import { mails, type Recipient } from './mails.ts'

/**
 * Wrong passwords slow the address that sends them and never lock the owner out
 * (docs/adr/2026-11-24-sign-in-throttling.md). Failures are counted per account key (the
 * e-mail or `+prefix phone` typed, registered or not) within {@link SIGN_IN_WINDOW_MS}.
 */
export const SIGN_IN_WINDOW_MS = 60 * 60_000
/** Wrong passwords one address may send for one account before it has to wait. */
export const FREE_FAILURES = 5
export const FIRST_DELAY_MS = 30_000
export const MAX_DELAY_MS = 15 * 60_000
/** Failures on one account (all addresses) after which an unknown address needs a mailed code. */
export const ACCOUNT_CAP = 20
/** An address the account signed in from within this time passes the cap with the password alone. */
export const KNOWN_ADDRESS_MS = 30 * 86_400_000
/** Failures on one account after which its owner is mailed, at most once per {@link ALERT_QUIET_MS}. */
export const ALERT_AT = 10
export const ALERT_QUIET_MS = 24 * 3_600_000

/** The wait after an address's `failures`-th failure: 0, then 30 s doubling up to 15 min. */
export function delayAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0
  return Math.min(FIRST_DELAY_MS * 2 ** (failures - FREE_FAILURES), MAX_DELAY_MS)
}

export function signInGuard(deps: {
  repo: AccountRepo
  mailer: Mailer
  /** Where the account's own messages go (its e-mail, else its phone). */
  ownRecipient: (user: UserRow) => Recipient | undefined
}) {
  const { repo, mailer } = deps
  return {
    /**
     * Before the password is looked at: refuses an address that must still wait
     * (LOGIN_DELAYED); answers whether this attempt needs a mailed code (the account is
     * over its cap and this address is not one it signed in from lately).
     */
    async admit(key: string, ip: string): Promise<{ needsCode: boolean }> {
      const now = Date.now()
      const since = new Date(now - SIGN_IN_WINDOW_MS)
      const mine = await repo.failuresFromAddress(key, ip, since)
      const wait = mine.last ? delayAfter(mine.n) - (now - mine.last.getTime()) : 0
      if (wait > 0) throw new AppError('LOGIN_DELAYED', { args: { seconds: Math.ceil(wait / 1000) } })
      if ((await repo.failedLoginsSince(key, since)) < ACCOUNT_CAP) return { needsCode: false }
      return { needsCode: !(await repo.signedInFrom(key, ip, new Date(now - KNOWN_ADDRESS_MS))) }
    },

    /** Records a wrong password; past {@link ALERT_AT} in the window the owner is mailed, once. */
    async failed(key: string, ip: string, user: UserRow | undefined): Promise<void> {
      await repo.recordLogin(key, ip, false)
      if (!user) return
      mailer.later(async () => {
        const failures = await repo.failedLoginsSince(key, new Date(Date.now() - SIGN_IN_WINDOW_MS))
        if (failures < ALERT_AT) return undefined
        const to = deps.ownRecipient(user)
        if (!to || !(await repo.claimLoginAlert(user.id, ALERT_QUIET_MS))) return undefined
        return mails.failedSignIns(to, languageOf(user), failures)
      })
    },

    succeeded: (key: string, ip: string) => repo.recordLogin(key, ip, true),
  }
}
export type SignInGuard = ReturnType<typeof signInGuard>
