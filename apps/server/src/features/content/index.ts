import { feature, type AppContext } from '../../platform/app-context.ts'
import { registerContentMethods } from './content.methods.ts'
import { contentService, type ContentService } from './content.service.ts'
import { registerMessageMethods } from './messages.methods.ts'
import { messagesService, type MessagesService } from './messages.service.ts'
import { registerPushMethods } from './push.methods.ts'
import { pushService, type PushService } from './push.service.ts'

/** The front door of content (articles, app version, messages, Web Push): what other features may use. */
export type { ContentService, MessagesService, PushService }
export type { PushNote, PushPayload } from './push.service.ts'
export {
  postSystemMessage,
  systemMessage,
  accountMinute,
  SYSTEM_MESSAGE_TEXT_FILES,
  type SystemMessage,
} from './system-messages.ts'
export { messageUrl } from './messages.service.ts'
/** The article catalog, for the one parity test of every text catalog. */
export { articleLanguageFiles, readArticleFiles } from './articles.ts'

export interface ContentApi {
  content: ContentService
  messages: MessagesService
  /** Web Push to an account's devices (`notify`), for the features whose events it reports. */
  push: PushService
}

export function contentFeature(ctx: AppContext) {
  const push = pushService({ db: ctx.db, jobs: ctx.jobs, config: ctx.config, resolver: ctx.resolver, log: ctx.log })
  const api: ContentApi = { content: contentService(ctx.db), messages: messagesService(ctx.db, push), push }
  return feature('content', api, async () => {
    registerContentMethods(ctx.registry, api.content)
    registerMessageMethods(ctx.registry, api.messages)
    registerPushMethods(ctx.registry, api.push)
    await push.start()
  })
}
