import { createHash } from 'node:crypto'
import { configure } from 'safe-stable-stringify'
import type { Db } from '../db/client.ts'
import { idempotencyRepo, type KeyUse } from './idempotency.repo.ts'

/** JSON with every object's keys sorted, so equal params always read the same. */
const canonicalJson = configure({ deterministic: true, bigint: true, circularValue: Error })

/** sha256 (hex) of the canonical JSON of an operation's params, its key left out. */
export function paramsHash(params: Record<string, unknown>): string {
  return createHash('sha256')
    .update(canonicalJson(params) ?? '')
    .digest('hex')
}

/**
 * What the key of a keyed operation (request_id, client_id) says about a request:
 * `first` — never used: the operation runs (call `release` if it then refuses, so that a
 * corrected request may use the key); `repeat` — used with the same params: the operation
 * runs and answers its first result; `mismatch` — used with other params: refused.
 */
export type KeyClaim = { kind: 'first'; release(): Promise<void> } | { kind: 'repeat' } | { kind: 'mismatch' }

/**
 * How long a key is kept: a client repeats a keyed request while its answer is uncertain (a
 * lost answer, an app reopened), within hours; Stripe keeps keys 24 h. After that a repeat
 * falls back to the operation's own key (the ledger's, a payout's request id), which still
 * answers its first result (ADR 2026-11-24-job-library).
 */
export const IDEMPOTENCY_KEY_LIFE_MS = 24 * 3_600_000

/** The daily job that deletes keys older than their life (app.ts schedules it). */
export const PRUNE_KEYS_JOB = 'rpc.prune-keys'

/** Deletes the keys older than IDEMPOTENCY_KEY_LIFE_MS; how many. */
export function pruneIdempotencyKeys(db: Db, now = new Date()): Promise<number> {
  return idempotencyRepo(db).removeBefore(new Date(now.getTime() - IDEMPOTENCY_KEY_LIFE_MS))
}

/** Stripe's rule for idempotency keys, per account and operation (ADR 2026-11-24-idempotency-params). */
export function idempotencyKeys(db: Db) {
  const repo = idempotencyRepo(db)
  return {
    async claim(scope: string, method: string, key: string, params: Record<string, unknown>): Promise<KeyClaim> {
      const use: KeyUse = { scope, method, key, paramsHash: paramsHash(params) }
      // one insert decides concurrent first uses: the others wait for it and read its hash
      if (await repo.insert(use)) return { kind: 'first', release: () => repo.remove(use) }
      const stored = await repo.paramsHash(use)
      // a first use refused and released in between: this request is the first now
      if (stored === undefined) return this.claim(scope, method, key, params)
      return stored === use.paramsHash ? { kind: 'repeat' } : { kind: 'mismatch' }
    },
  }
}
export type IdempotencyKeys = ReturnType<typeof idempotencyKeys>
