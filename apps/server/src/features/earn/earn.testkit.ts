/** Test builders for earning and the shop (used by *.test.ts only). */
import { expect } from 'vitest'
import { Client, registerUser, rowCount, type AppHandle, type TestApp } from '../../../test/harness.ts'
import type { DepositService } from './deposit.service.ts'
import { ledger, reconcile, type Asset } from './ledger.ts'
import type { SettleOptions } from './settlement.service.ts'

export { ok } from '../wallet/wallet.testkit.ts'
/** For tests outside earning that post to the ledger or drive the payout worker themselves. */
export { ledger, SYSTEM, userAccount } from './ledger.ts'
export { SETTLEMENT_BATCH } from './settlement.service.ts'
export { payoutWorker } from './payout.worker.ts'

let seq = 0

/** A new account, signed in; `id` and `invite_code` from its registration. */
export async function aUser(app: AppHandle, extra: Record<string, string> = {}) {
  const client = new Client(app.server)
  const user = await registerUser(client, `earn-${++seq}-${Date.now()}@example.com`, 'secret123', extra)
  return Object.assign(client, { user })
}

/** Gives a user points (or another asset) straight through the ledger, as a reward would. */
export async function give(app: AppHandle, userId: number, amount: bigint, asset: Asset = 'points') {
  await ledger(app.database.db).reward(userId, asset, amount, `test:${userId}:${++seq}`, 'reward')
}

export const balanceOf = (app: AppHandle, userId: number, asset: Asset = 'points') =>
  ledger(app.database.db).balance(userId, asset)

/** The energy a user holds once the credit jobs their data sent have run (no read of Home in between). */
export const creditedEnergy = (app: AppHandle, userId: number, expected: bigint) =>
  expect.poll(() => balanceOf(app, userId, 'energy'), { timeout: 20_000 }).toBe(expected)

/** How many energy credits a user got. */
export const energyPostings = (app: AppHandle, userId: number) =>
  rowCount(
    app,
    'ledger_postings p',
    `p.kind = 'energy' AND EXISTS (SELECT 1 FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
      WHERE e.posting_id = p.id AND a.user_id = $1)`,
    [userId],
  )

/** Fails the test when any account or posting does not reconcile. */
export async function expectReconciled(app: AppHandle) {
  const result = await reconcile(app.database.db)
  expect(result).toEqual({ ok: true, accounts: [], postings: [], custody: [], energyDays: [] })
}

/** Posts an operation that must fail and returns the error answer. */
export async function refused(client: Client, method: string, params: Record<string, unknown> = {}, lang?: string) {
  const { body } = await client.call(method, params, lang ? { lang } : {})
  expect(body.code, `${method} ${JSON.stringify(body)}`).toBe(false)
  return body as { code: false; error: string; msg: string; fields?: Record<string, string> }
}

/** An app (a TestApp, or a second instance buildApp made) whose features a test drives. */
type On = Pick<TestApp, 'features'>

/** One check of the app's settlement scheduler, as its every-minute job runs it. */
export const settlementTick = (app: On): Promise<void> => app.features.earn.scheduler.tick()

/** Settles `day` in this app, as the console's settle does. */
export const settleDay = (app: On, day: string, options?: SettleOptions) =>
  app.features.earn.settlement.settle(day, options)

/** The settlement runs, newest first, as the console lists them. */
export const settlementRuns = (app: On, page = 1, limit = 10) => app.features.earn.settlement.list(page, limit)

/** The deposits' hooks of the chain indexer, wired as main.ts wires them (`wallets`: the tracked addresses). */
export const depositIndexerHooks = (
  app: On,
  wallets: () => Promise<string[]>,
): ReturnType<DepositService['indexerHooks']> => app.features.earn.deposits.indexerHooks(wallets)
