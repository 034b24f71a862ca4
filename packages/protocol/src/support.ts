import { z } from 'zod'
import { method } from './method.ts'
import { id, optional, pageParams, pendingResult, text } from './schema.ts'

// Owned by issue 6 (work tickets and customer chat).
const pending = 'issue 6'
export const ticketChat = method('/v1/wrokchat', {
  feature: 'support',
  summary: 'A work ticket conversation; posting adds a reply',
  auth: true,
  pending,
  params: z.object({ id: optional(id()), content: optional(text(4000)) }),
  result: pendingResult,
})
export const ticketAdd = method('/v1/wrokadd', {
  feature: 'support',
  summary: 'Open a work ticket',
  auth: true,
  pending,
  params: z.object({ cat_id: optional(id()), title: optional(text(100)), content: optional(text(4000)) }),
  result: pendingResult,
})
export const ticketCategories = method('/v1/wrokcat', {
  feature: 'support',
  summary: 'Work ticket categories',
  auth: true,
  pending,
  params: z.object({}),
  result: pendingResult,
})
export const tickets = method('/v1/wrok', {
  feature: 'support',
  summary: 'My work tickets, filtered by status',
  auth: true,
  pending,
  params: z.object({ status: optional(text(20)), ...pageParams }),
  result: pendingResult,
})
