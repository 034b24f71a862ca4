/** What other server features may use of earning's services (the lint rule keeps them out of its services and repos). */
export type { SettlementService } from './settlement.service.ts'
export { utcDay } from './settlement.ts'
