import { device as d } from '@kinetic/protocol'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/rpc/app-error.ts'
import { activeCodeMatches, hashDeviceToken, newDeviceToken, normalizeCode } from './codes.ts'
import { deviceRepo, type DeviceCodeRow, type DeviceRow } from './device.repo.ts'

/** Failed binds allowed per account per hour (activation codes are short: no guessing). */
export const BIND_FAILURES_PER_HOUR = 10
const onlineSince = () => new Date(Date.now() - d.DEVICE_ONLINE_MINUTES * 60_000)

function toDevice(row: DeviceRow): d.Device {
  return {
    id: row.id,
    device_code: row.deviceCode,
    model: row.model,
    online: row.lastSeenAt !== null && row.lastSeenAt > onlineSince(),
    last_seen_at: row.lastSeenAt?.toISOString() ?? null,
    bound_at: row.boundAt.toISOString(),
  }
}

/** Thrown by the device API: an HTTP status and an error code. */
export class DeviceApiError extends Error {
  constructor(
    readonly status: 401 | 403,
    readonly code: 'DEVICE_CODE_INVALID' | 'DEVICE_NOT_BOUND' | 'DEVICE_TOKEN_INVALID',
  ) {
    super(code)
  }
}

export function deviceService(db: Db) {
  const repo = deviceRepo(db)

  /** The code row when both codes match; unknown code and wrong activation code look alike. */
  async function verify(deviceCode: string, activeCode: string): Promise<DeviceCodeRow | undefined> {
    const row = await repo.code(normalizeCode(deviceCode))
    return row && activeCodeMatches(row, activeCode) ? row : undefined
  }

  return {
    async bind(userId: number, deviceCode: string, activeCode: string): Promise<d.Device> {
      const windowStart = new Date(Date.now() - 3_600_000)
      if ((await repo.failuresSince(userId, windowStart)) >= BIND_FAILURES_PER_HOUR)
        throw new AppError('TOO_MANY_ATTEMPTS')
      const code = await verify(deviceCode, activeCode)
      if (!code) {
        await repo.addFailure(userId, windowStart)
        throw new AppError('DEVICE_CODE_INVALID', { field: 'active_code' })
      }
      const bindingId = await db.transaction(async (tx) => {
        const txRepo = deviceRepo(tx)
        const current = await txRepo.lockCode(code.id)
        if (current && current.userId !== userId) throw new AppError('DEVICE_BOUND_ELSEWHERE', { field: 'device_code' })
        return current?.id ?? (await txRepo.bind(code.id, userId))
      })
      return toDevice((await repo.device(userId, bindingId))!)
    },

    async unbind(userId: number, bindingId: number): Promise<{ ok: true }> {
      if (!(await repo.unbind(userId, bindingId))) throw new AppError('DEVICE_NOT_FOUND', { field: 'id' })
      return { ok: true }
    },

    async list(userId: number, page: number, limit: number) {
      const { rows, total } = await repo.list(userId, page, limit)
      return { list: rows.map(toDevice), total, page, limit, online_minutes: d.DEVICE_ONLINE_MINUTES }
    },

    presence: (userId: number) => repo.presence(userId, onlineSince()),

    /** Device API: a new upload token for a bound watch. */
    async issueToken(deviceCode: string, activeCode: string): Promise<{ token: string; device_id: number }> {
      const code = await verify(deviceCode, activeCode)
      if (!code) throw new DeviceApiError(401, 'DEVICE_CODE_INVALID')
      const binding = await repo.liveBindingOfCode(code.id)
      if (!binding) throw new DeviceApiError(403, 'DEVICE_NOT_BOUND')
      const token = newDeviceToken()
      await repo.addToken(binding.id, hashDeviceToken(token))
      return { token, device_id: binding.id }
    },

    /** The live binding behind a bearer token. */
    async authenticate(token: string | undefined): Promise<{ bindingId: number; userId: number }> {
      const found = token ? await repo.bindingOfToken(hashDeviceToken(token)) : undefined
      if (!found) throw new DeviceApiError(401, 'DEVICE_TOKEN_INVALID')
      return found
    },

    touch: (bindingId: number) => repo.touch(bindingId),

    /** Inside an upload's transaction: the binding is still live, and stays so until it commits. */
    holdLive: (tx: Db, bindingId: number) => deviceRepo(tx).holdLive(bindingId),
  }
}
export type DeviceService = ReturnType<typeof deviceService>
