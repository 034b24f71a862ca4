import { z } from 'zod'
import { method } from './method.ts'
import { id, optional, pageParams, pendingResult, text } from './schema.ts'

// Owned by issue 4 (health and devices).
const pending = 'issue 4'
export const bindDevice = method('/v1/binding', {
  feature: 'device',
  summary: 'Bind a watch with its device code and activation code',
  auth: true,
  pending,
  params: z.object({ device_code: optional(text(64)), active_code: optional(text(64)) }),
  result: pendingResult,
})
export const unbindDevice = method('/v1/unbind', {
  feature: 'device',
  summary: 'Unbind a watch',
  auth: true,
  pending,
  params: z.object({ id: optional(id()) }),
  result: pendingResult,
})
export const devices = method('/v1/devicelist', {
  feature: 'device',
  summary: 'My watches, online or offline',
  auth: true,
  pending,
  params: z.object({ ...pageParams }),
  result: pendingResult,
})
