import { fillTexts, textsByKey, type Texts } from '@kinetic/protocol'
import type { Db } from '../../platform/db/client.ts'
import { messagesRepo } from './messages.repo.ts'
import enUS from './texts/en-US.json' with { type: 'json' }
import zhCN from './texts/zh-CN.json' with { type: 'json' }
import zhTW from './texts/zh-TW.json' with { type: 'json' }

/** The system messages' texts per language (`texts/<locale>.json`), for the catalog parity test. */
export const SYSTEM_MESSAGE_TEXT_FILES = { 'zh-cn': zhCN, 'us-en': enUS, 'zh-hk': zhTW }
const TEXTS = textsByKey(SYSTEM_MESSAGE_TEXT_FILES)

/** The system messages of this catalog (the shop's order-shipped and support's ticket-answered have their own). */
export type SystemMessageKind = keyof typeof enUS

export interface SystemMessage {
  title: Texts
  content: Texts
}

/** A message of the catalog with its `{placeholders}` filled (a value per language, or one for all). */
export function systemMessage(
  kind: SystemMessageKind,
  args: Record<string, string | number | Texts> = {},
): SystemMessage {
  const title = TEXTS[`${kind}.title`]
  const content = TEXTS[`${kind}.content`]
  if (!title || !content) throw new Error(`system messages: no ${kind}`)
  return { title, content: fillTexts(content, args) }
}

/**
 * A moment as the messages write it, on the account's clock: `time` `2026-11-24 09:32` and
 * `zone` `America/New_York` (the texts name the zone after the time).
 */
export function accountMinute(timeZone: string, at: Date = new Date()): { time: string; zone: string } {
  const time = new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at)
  return { time, zone: timeZone }
}

/**
 * Posts a system message to one user, in the three languages; it shows in their message
 * list as unread. The one entry point other features use (orders, tickets, security events,
 * account deletion, settlement, transfers received). Pass the caller's transaction as `db` so
 * the message is written together with the change it reports.
 */
export function postSystemMessage(db: Db, userId: number, message: SystemMessage): Promise<number> {
  return messagesRepo(db).insert({ userId, kind: 'system', ...message })
}
