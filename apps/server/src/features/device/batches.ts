import { randomInt } from 'node:crypto'
import type { Db } from '../../platform/db/client.ts'
import { newCodeRow } from './codes.ts'
import { deviceRepo } from './device.repo.ts'

/** Letters and digits that cannot be misread on a printed box (no 0/O, 1/I/L). */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'
const randomText = (length: number) => Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')

/**
 * Device-code batches for the operator console. A batch's activation codes are
 * answered only when it is issued — the table keeps their salted hashes — so the operator
 * downloads them then. Device codes are `KW-XXXXX-XXXXX` (31^10 of them: a random clash is
 * practically impossible, and the unique index refuses the whole batch if one happens).
 */
export function deviceBatches(db: Db) {
  const repo = deviceRepo(db)
  return {
    async issue(model: string, count: number) {
      const day = new Date().toISOString().slice(0, 10).replaceAll('-', '')
      const batch = `B${day}-${randomText(6)}`
      const codes = Array.from({ length: count }, () => ({
        device_code: `KW-${randomText(5)}-${randomText(5)}`,
        active_code: randomText(8),
      }))
      await repo.insertCodes(codes.map((c) => newCodeRow(c.device_code, c.active_code, batch, model)))
      return { batch, model, codes }
    },

    async list(page: number, limit: number) {
      const { rows, total } = await repo.batches(page, limit)
      const list = rows.map((r) => ({
        batch: r.batch,
        model: r.model,
        total: r.total,
        bound: r.bound,
        unbound: r.total - r.bound,
        created_at: r.createdAt.toISOString(),
      }))
      return { list, total, page, limit }
    },
  }
}
export type DeviceBatches = ReturnType<typeof deviceBatches>
