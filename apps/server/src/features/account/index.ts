/** What other server features may use of the account feature. */
export { accountLanguages, type AccountLanguages } from './language.ts'
