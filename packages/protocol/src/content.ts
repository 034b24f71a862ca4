import { z } from 'zod'
import { method } from './method.ts'
import { id, isoTime, listOf, none, pageParams } from './schema.ts'

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

// Messages: notices from the provider to everyone, system messages to one user.
export const MESSAGE_KINDS = ['notice', 'system'] as const

export const MessageItem = z.object({
  id: z.number().int(),
  kind: z.enum(MESSAGE_KINDS),
  title: z.string(),
  /** The first characters of the text, for the list. */
  summary: z.string(),
  read: z.boolean(),
  created_at: isoTime(),
})

export const messages = method('/v1/msg', {
  feature: 'content',
  summary: 'My notices and system messages, newest first, with the unread count',
  auth: true,
  params: z.object({ ...pageParams }),
  result: listOf(MessageItem).extend({ unread: z.number().int() }),
})
export const message = method('/v1/msginfo', {
  feature: 'content',
  summary: 'One message in the request language; reading it marks it read',
  auth: true,
  params: z.object({ id: id() }),
  result: MessageItem.omit({ summary: true }).extend({ content: z.string() }),
})
