import { z } from 'zod'
import { method } from './method.ts'
import { id, optional, pageParams, pendingResult, text } from './schema.ts'

// Owned by issue 5 (earning and shop).
const pending = 'issue 5'
export const store = method('/v1/getstore', {
  feature: 'shop',
  summary: 'My points and the goods: virtual (exchange) and physical (purchase)',
  auth: true,
  pending,
  params: z.object({ type: optional(text(20)), ...pageParams }),
  result: pendingResult,
})
export const buy = method('/v1/poststore', {
  feature: 'shop',
  summary: 'Exchange or purchase a good with points',
  auth: true,
  pending,
  params: z.object({ id: optional(id()), address: optional(text(300)) }),
  result: pendingResult,
})
