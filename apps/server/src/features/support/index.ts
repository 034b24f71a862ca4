/** What other server features may use of support (the lint rule keeps them out of its service and repo). */
export type { SupportService } from './support.service.ts'
