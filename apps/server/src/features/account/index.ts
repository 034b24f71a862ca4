import type { WireLang } from '@kinetic/protocol'
import { feature, type AppContext } from '../../platform/app-context.ts'
import type { LiveSession } from '../../platform/auth/sessions.repo.ts'
import type { Db } from '../../platform/db/client.ts'
import type { users } from '../../platform/db/users.tables.ts'
import { registerAccountMethods } from './account.methods.ts'
import { accountRepo } from './account.repo.ts'
import { accountService, type Invited } from './account.service.ts'
import { codeService } from './codes.ts'
import { accountLanguages, type AccountLanguages } from './language.ts'
import { profileService } from './profile.service.ts'
import { securityService } from './security.service.ts'

type NewUserRow = typeof users.$inferInsert

/** The front door of accounts: what other features and app.ts may use of it. */
export { accountLanguages, type AccountLanguages }

/**
 * The account with `row.email`, created from `row` when there is none: the development demo
 * seed's user (health's demo data). `created` says whether it was made now.
 */
export async function ensureAccount(
  db: Db,
  row: NewUserRow & { email: string },
): Promise<{ id: number; created: boolean }> {
  const repo = accountRepo(db)
  const found = await repo.findByKey({ email: row.email })
  if (found) return { id: found.id, created: false }
  return { id: (await repo.insertUser(row)).id, created: true }
}

export interface AccountApi {
  /** Remembers the language a signed-in account last used (its mails follow it). */
  languages: AccountLanguages
  /** Sets the profile's weight (kg): health's weight log keeps it at its latest day, on `tx`. */
  setWeight: (tx: Db, userId: number, kg: number) => Promise<void>
  /** A signed-in request named another language: its session and its account remember it (the dispatcher's hook). */
  languageChanged: (session: LiveSession, lang: WireLang) => Promise<void>
}

export type { Invited }

/** Sign-up, sign-in, codes, profile and security settings. */
export function accountFeature(ctx: AppContext, deps: { invited?: Invited } = {}) {
  const { db, sessions, mailer, uploads, config, registry } = ctx
  const codes = codeService(accountRepo(db), { smsAvailable: mailer.smsAvailable, perIpHour: config.codesPerIpHour })
  const languages = accountLanguages(db)
  const api: AccountApi = {
    languages,
    setWeight: async (tx, userId, kg) => {
      await accountRepo(tx).updateProfile(userId, { weight: kg })
    },
    languageChanged: async (session, lang) => {
      await sessions.setLang(session, lang)
      await languages.remember(session.userId, lang)
    },
  }
  return feature('account', api, async () => {
    registerAccountMethods(
      registry,
      accountService({ db, sessions, codes, mailer, invited: deps.invited }),
      profileService({ db, uploads }),
      securityService({ db, sessions, codes, uploads }),
    )
  })
}
