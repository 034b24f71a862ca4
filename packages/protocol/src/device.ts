import { z } from 'zod'
import { method } from './method.ts'
import { id, listOf, okResult, pageParams, required } from './schema.ts'

/**
 * Watches. A watch is bound with the device code and activation code printed on it;
 * it then uploads through the device API (`device-api.ts`, plain HTTP + JSON, not these
 * operations). Online = an upload within `DEVICE_ONLINE_MINUTES`.
 */

export const DEVICE_ONLINE_MINUTES = 15
export const DEVICE_CODE_MAX = 32

export const Device = z.object({
  id: z.number().int(),
  device_code: z.string(),
  /** Model name from the provider's batch, e.g. 'Kinetic Watch S1'. */
  model: z.string(),
  online: z.boolean(),
  /** Last upload; null before the first. */
  last_seen_at: z.string().nullable(),
  bound_at: z.string(),
})
export type Device = z.infer<typeof Device>

/**
 * Wrong or unknown codes answer `DEVICE_CODE_INVALID` alike (no oracle); a code bound by
 * another account answers `DEVICE_BOUND_ELSEWHERE`; binding a watch already bound to you
 * answers it again.
 */
export const bindDevice = method('/v1/binding', {
  feature: 'device',
  summary: 'Bind a watch with its device code and activation code',
  auth: true,
  params: z.object({ device_code: required(DEVICE_CODE_MAX), active_code: required(DEVICE_CODE_MAX) }),
  result: Device,
})
/** Revokes the watch's device tokens; another account's id answers `DEVICE_NOT_FOUND` like a missing one. */
export const unbindDevice = method('/v1/unbind', {
  feature: 'device',
  summary: 'Unbind a watch (its device token stops working)',
  auth: true,
  params: z.object({ id: id() }),
  result: okResult,
})
export const devices = method('/v1/devicelist', {
  readOnly: true,
  feature: 'device',
  summary: 'My watches, online or offline',
  auth: true,
  params: z.object({ ...pageParams }),
  result: listOf(Device).extend({ online_minutes: z.number().int() }),
})
