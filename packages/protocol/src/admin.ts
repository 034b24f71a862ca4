import { z } from 'zod'
import { ARTICLE_TYPES, MESSAGE_KINDS } from './content.ts'
import { WIRE_LANGS } from './lang.ts'
import { ADMIN_PATH, method, type Feature, type MethodDef } from './method.ts'
import { EMAIL_MAX } from './rules.ts'
import { id, isoTime, listOf, none, okResult, optional, pageParams, required } from './schema.ts'
import {
  chatContent,
  ChatMessage,
  chatWindow,
  clientId,
  TICKET_CONTENT_MAX,
  TICKET_STATUSES,
  TicketConversation,
  TicketItem,
} from './support.ts'

// The operator console (issue 6): every operation is posted to /v1/admin/index and acts as
// the operator signed in there (own cookie, own table); a user's session never reaches it.

const feature: Feature = 'admin'
function op<N extends string, P extends z.ZodType, R extends z.ZodType, A extends boolean>(
  name: N,
  def: { auth: A; params: P; result: R; summary: string },
): MethodDef<N, P, R, A> {
  return method(name, { ...def, feature, path: ADMIN_PATH })
}

export const Operator = z.object({ id: z.number().int(), email: z.string(), name: z.string() })

/** One text in each of the three languages (`title[us-en]=…` form-encoded). */
const texts = (max: number) => z.object({ 'us-en': required(max), 'zh-cn': required(max), 'zh-hk': required(max) })

export const NOTICE_TITLE_MAX = 100
export const NOTICE_CONTENT_MAX = 4000
export const ARTICLE_CONTENT_MAX = 20_000
/** A dotted version of 1 to 4 numbers (spec §5 compares them segment by segment). */
export const VERSION_RE = /^\d{1,6}(\.\d{1,6}){0,3}$/

export const login = op('/admin/login', {
  summary: 'Operator sign-in (e-mail and password); sets the console cookie',
  auth: false,
  params: z.object({
    email: z.string('FIELD_REQUIRED').trim().toLowerCase().min(1, 'EMAIL_REQUIRED').max(EMAIL_MAX, 'FIELD_TOO_LONG'),
    password: z.string('PASSWORD_REQUIRED').min(1, 'PASSWORD_REQUIRED').max(128, 'FIELD_TOO_LONG'),
  }),
  result: z.object({ operator: Operator }),
})
export const logout = op('/admin/logout', {
  summary: 'Operator sign-out',
  auth: true,
  params: none,
  result: okResult,
})
export const me = op('/admin/me', {
  summary: 'The signed-in operator',
  auth: true,
  params: none,
  result: z.object({ operator: Operator }),
})

export const UserLabel = z.object({ id: z.number().int(), label: z.string() })

export const chats = op('/admin/chats', {
  summary: 'Chat conversations, most recent first',
  auth: true,
  params: z.object({ ...pageParams }),
  result: listOf(
    z.object({
      user: UserLabel,
      last: ChatMessage,
    }),
  ),
})
export const chat = op('/admin/chat', {
  summary: "One user's chat, like /v1/chat",
  auth: true,
  params: z.object({ user_id: id(), ...chatWindow }),
  result: z.object({ user: UserLabel, list: z.array(ChatMessage) }),
})
export const chatSend = op('/admin/chatsend', {
  summary: 'Answer a user in the chat (idempotent on client_id)',
  auth: true,
  params: z.object({ user_id: id(), client_id: clientId, content: chatContent }),
  result: ChatMessage,
})

export const tickets = op('/admin/tickets', {
  summary: 'Every work ticket, newest activity first, optionally of one status',
  auth: true,
  params: z.object({ status: optional(z.enum(TICKET_STATUSES, 'FIELD_INVALID')), ...pageParams }),
  result: listOf(TicketItem.extend({ user: UserLabel })),
})
export const ticket = op('/admin/ticket', {
  summary: 'A work ticket conversation',
  auth: true,
  params: z.object({ id: id() }),
  result: TicketConversation.extend({ user: UserLabel }),
})
export const ticketReply = op('/admin/ticketreply', {
  summary: 'Answer a work ticket (status replied; the user gets a system message)',
  auth: true,
  params: z.object({ id: id(), content: required(TICKET_CONTENT_MAX) }),
  result: okResult,
})
export const ticketClose = op('/admin/ticketclose', {
  summary: 'Close a work ticket (completed)',
  auth: true,
  params: z.object({ id: id() }),
  result: okResult,
})

export const notices = op('/admin/notices', {
  summary: 'Published notices, newest first',
  auth: true,
  params: z.object({ ...pageParams }),
  result: listOf(
    z.object({
      id: z.number().int(),
      kind: z.enum(MESSAGE_KINDS),
      title: z.record(z.enum(WIRE_LANGS), z.string()),
      created_at: isoTime(),
    }),
  ),
})
export const noticeAdd = op('/admin/noticeadd', {
  summary: 'Publish a notice to every user, in the three languages',
  auth: true,
  params: z.object({ title: texts(NOTICE_TITLE_MAX), content: texts(NOTICE_CONTENT_MAX) }),
  result: z.object({ id: z.number().int() }),
})

export const version = op('/admin/version', {
  summary: 'The app version users must have',
  auth: true,
  params: none,
  result: z.object({ app_version: z.string() }),
})
export const setVersion = op('/admin/setversion', {
  summary: 'Set app_version; installed apps below it show the blocking update dialog',
  auth: true,
  params: z.object({ app_version: required(27).regex(VERSION_RE, 'FIELD_INVALID') }),
  result: z.object({ app_version: z.string() }),
})

const articleType = z.enum(ARTICLE_TYPES, 'FIELD_INVALID')
export const articles = op('/admin/articles', {
  summary: 'An article (privacy, protocol, introduce) in the three languages',
  auth: true,
  params: z.object({ type: articleType }),
  result: z.object({
    list: z.array(
      z.object({ lang: z.enum(WIRE_LANGS), title: z.string(), content: z.string(), updated_at: isoTime() }),
    ),
  }),
})
export const articleSave = op('/admin/articlesave', {
  summary: 'Replace an article in one language',
  auth: true,
  params: z.object({
    type: articleType,
    lang_code: z.enum(WIRE_LANGS, 'FIELD_INVALID'),
    title: required(100),
    content: required(ARTICLE_CONTENT_MAX),
  }),
  result: okResult,
})

export const userLookup = op('/admin/user', {
  summary: 'Look a user up by id, e-mail or phone: profile basics only',
  auth: true,
  params: z.object({ query: required(EMAIL_MAX) }),
  result: z.object({
    id: z.number().int(),
    email: z.string(),
    phone: z.string(),
    nickname: z.string(),
    gender: z.string(),
    birthday: z.string(),
    invite_code: z.string(),
    created_at: isoTime(),
    tickets: z.number().int(),
    chat_messages: z.number().int(),
  }),
})

export const audit = op('/admin/audit', {
  summary: 'The audit log: every operator action, newest first',
  auth: true,
  params: z.object({ ...pageParams }),
  result: listOf(
    z.object({
      id: z.number().int(),
      operator: z.string(),
      action: z.string(),
      target: z.string(),
      details: z.string(),
      created_at: isoTime(),
    }),
  ),
})
