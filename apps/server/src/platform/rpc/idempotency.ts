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
