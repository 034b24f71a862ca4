import { z } from 'zod'
import { method } from './method.ts'
import { id, none, optional, pageParams, pendingResult } from './schema.ts'

export const ARTICLE_TYPES = ['privacy', 'protocol', 'introduce'] as const
export type ArticleType = (typeof ARTICLE_TYPES)[number]

export const appVersion = method('/v1/version', {
  feature: 'content',
  summary: 'The current app version; older installed apps must update',
  auth: false,
  params: none,
  result: z.object({ app_version: z.string() }),
})

export const article = method('/v1/articleinfo', {
  feature: 'content',
  summary: 'Privacy policy, user protocol or introduction text in the request language',
  auth: false,
  params: z.object({ type: z.enum(ARTICLE_TYPES, 'FIELD_INVALID') }),
  result: z.object({ type: z.enum(ARTICLE_TYPES), title: z.string(), content: z.string(), updated_at: z.string() }),
})

// Owned by issue 6 (messages).
export const messages = method('/v1/msg', {
  feature: 'content',
  summary: 'Notices and system messages',
  auth: true,
  pending: 'issue 6',
  params: z.object({ ...pageParams }),
  result: pendingResult,
})
export const message = method('/v1/msginfo', {
  feature: 'content',
  summary: 'One message, marked read',
  auth: true,
  pending: 'issue 6',
  params: z.object({ id: optional(id()) }),
  result: pendingResult,
})
