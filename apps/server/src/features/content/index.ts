/** What other server features may use of content (the lint rule keeps them out of its services and repos). */
export type { ContentService } from './content.service.ts'
export type { MessagesService } from './messages.service.ts'
export { postSystemMessage } from './system-messages.ts'
