import { feature, type AppContext } from '../../platform/app-context.ts'
import { registerContentMethods } from './content.methods.ts'
import { contentService, type ContentService } from './content.service.ts'
import { registerMessageMethods } from './messages.methods.ts'
import { messagesService, type MessagesService } from './messages.service.ts'

/** The front door of content (articles, app version, messages): what other features may use. */
export type { ContentService, MessagesService }
export { postSystemMessage } from './system-messages.ts'
/** The article catalog, for the one parity test of every text catalog. */
export { articleLanguageFiles, readArticleFiles } from './articles.ts'

export interface ContentApi {
  content: ContentService
  messages: MessagesService
}

export function contentFeature(ctx: AppContext) {
  const api: ContentApi = { content: contentService(ctx.db), messages: messagesService(ctx.db) }
  return feature('content', api, async () => {
    registerContentMethods(ctx.registry, api.content)
    registerMessageMethods(ctx.registry, api.messages)
  })
}
