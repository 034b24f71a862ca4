import type { Texts } from '@kinetic/protocol'
import type { Db } from '../../platform/db/client.ts'
import { messagesRepo } from './messages.repo.ts'

/**
 * Posts a system message to one user, in the three languages; it shows in their message
 * list as unread. The one entry point other features use (ticket replied here; order
 * shipped and reward arrived from the shop and earning). Pass the caller's transaction as `db` so the
 * message is written together with the change it reports.
 */
export function postSystemMessage(db: Db, userId: number, message: { title: Texts; content: Texts }): Promise<number> {
  return messagesRepo(db).insert({ userId, kind: 'system', ...message })
}
