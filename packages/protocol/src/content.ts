import { z } from 'zod'
import { method } from './method.ts'
import { id, isoTime, listOf, none, pageParams } from './schema.ts'

export const ARTICLE_TYPES = ['privacy', 'protocol', 'introduce'] as const
export type ArticleType = (typeof ARTICLE_TYPES)[number]

export const appVersion = method('/v1/version', {
  readOnly: true,
  feature: 'content',
  summary: 'The current app version; older installed apps must update',
  auth: false,
  params: none,
  result: z.object({ app_version: z.string() }),
})

export const article = method('/v1/articleinfo', {
  readOnly: true,
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
  readOnly: true,
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

// Web Push: this device's subscription (per device and account) and a switch per kind.
/** What a push tells about: a chat reply, a ticket answer, a notice, a transfer received, the daily settlement credited, an order shipped. */
export const PUSH_KINDS = ['chat', 'ticket', 'notice', 'transfer', 'settlement', 'shipped'] as const
export type PushKind = (typeof PUSH_KINDS)[number]

export const pushKey = method('/v1/pushkey', {
  feature: 'content',
  summary: "The server's VAPID public key (base64url), for PushManager.subscribe",
  auth: true,
  params: none,
  result: z.object({ public_key: z.string() }),
})

/** A browser's PushSubscription as `toJSON()` gives it. */
export const PushSubscription = z.object({
  endpoint: z.string('FIELD_REQUIRED').min(1, 'FIELD_REQUIRED').max(2000, 'FIELD_TOO_LONG'),
  keys: z.object({
    p256dh: z.string('FIELD_REQUIRED').min(1, 'FIELD_REQUIRED').max(200, 'FIELD_TOO_LONG'),
    auth: z.string('FIELD_REQUIRED').min(1, 'FIELD_REQUIRED').max(100, 'FIELD_TOO_LONG'),
  }),
})

export const pushSubscribe = method('/v1/pushsubscribe', {
  feature: 'content',
  summary: "Stores this device's push subscription for the signed-in account (again: moves it to this account)",
  auth: true,
  params: PushSubscription,
  result: none,
})

export const pushUnsubscribe = method('/v1/pushunsubscribe', {
  feature: 'content',
  summary: "Forgets this device's push subscription",
  auth: true,
  params: z.object({ endpoint: PushSubscription.shape.endpoint }),
  result: none,
})

export const pushSettings = method('/v1/pushsettings', {
  readOnly: true,
  feature: 'content',
  summary: 'Which kinds of push the account receives, and how many devices are subscribed',
  auth: true,
  params: none,
  result: z.object({
    kinds: z.array(z.object({ kind: z.enum(PUSH_KINDS), enabled: z.boolean() })),
    devices: z.number().int(),
  }),
})

export const pushSetting = method('/v1/pushsetting', {
  feature: 'content',
  summary: 'Turns one kind of push on or off for the account',
  auth: true,
  params: z.object({ kind: z.enum(PUSH_KINDS, 'FIELD_INVALID'), enabled: z.enum(['0', '1'], 'FIELD_INVALID') }),
  result: none,
})
