/** Test builders for support (used by *.test.ts only). */
import type { TestApp } from '../../../test/harness.ts'
import type { SupportService } from './support.service.ts'

/** Seeds the ticket categories as the start does (from `categories` when given). */
export const seedTicketCategories = (app: Pick<TestApp, 'features'>, ...args: Parameters<SupportService['seed']>) =>
  app.features.support.support.seed(...args)
