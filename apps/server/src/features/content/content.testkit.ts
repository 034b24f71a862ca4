/** Test builders for content (used by *.test.ts only): the app's Web Push and its articles. */
import type { TestApp } from '../../../test/harness.ts'
import type { ContentService } from './content.service.ts'
import type { PushNote, PushService } from './push.service.ts'

type On = Pick<TestApp, 'features'>

/** The app's Web Push, as the features whose events it reports hold it. */
export const appPush = (app: On): PushService => app.features.content.push

/** Pushes a note to a user's devices, as a feature reporting an event does. */
export const notify = (app: On, userId: number, note: PushNote): Promise<void> => appPush(app).notify(userId, note)

/** Seeds the articles and the app version as the start does (from `catalog` when given). */
export const seedArticles = (app: On, ...args: Parameters<ContentService['seed']>) =>
  app.features.content.content.seed(...args)

/** Stores an article's text as an operator's edit does. */
export const saveArticle = (app: On, ...args: Parameters<ContentService['saveArticle']>) =>
  app.features.content.content.saveArticle(...args)
