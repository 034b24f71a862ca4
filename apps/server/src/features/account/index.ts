import { feature, type AppContext } from '../../platform/app-context.ts'
import { registerAccountMethods } from './account.methods.ts'
import { accountRepo } from './account.repo.ts'
import { accountService } from './account.service.ts'
import { codeService } from './codes.ts'
import { accountLanguages, type AccountLanguages } from './language.ts'
import { profileService } from './profile.service.ts'
import { securityService } from './security.service.ts'

/** The front door of accounts: what other features and app.ts may use of it. */
export { accountLanguages, type AccountLanguages }

export interface AccountApi {
  /** Remembers the language a signed-in account last used (its mails follow it). */
  languages: AccountLanguages
}

/** Sign-up, sign-in, codes, profile and security settings. */
export function accountFeature(ctx: AppContext) {
  const { db, sessions, mailer, uploads, config, registry } = ctx
  const codes = codeService(accountRepo(db), { smsAvailable: mailer.smsAvailable, perIpHour: config.codesPerIpHour })
  const api: AccountApi = { languages: accountLanguages(db) }
  return feature('account', api, async () => {
    registerAccountMethods(
      registry,
      accountService({ db, sessions, codes, mailer }),
      profileService({ db, uploads }),
      securityService({ db, sessions, codes, uploads }),
    )
  })
}
