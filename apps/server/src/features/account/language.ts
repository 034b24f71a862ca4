import { DEFAULT_WIRE_LANG, isWireLang, type WireLang } from '@kinetic/protocol'
import type { Db } from '../../platform/db/client.ts'
import { accountRepo } from './account.repo.ts'

/**
 * The account's language (its wire `lang`): set at registration, changed when a signed-in
 * request brings another one (the dispatcher asks {@link AccountLanguages.remember} only
 * then), and read for every mail and notification the account is sent.
 */
export function accountLanguages(db: Db) {
  const repo = accountRepo(db)
  return {
    /** The language to write to user `userId` in; the spec's default for an unknown user. */
    async of(userId: number): Promise<WireLang> {
      return languageOf({ lang: await repo.langOf(userId) })
    },
    /** Stores `lang` as the account's language (no write when it already is). */
    remember: (userId: number, lang: WireLang) => repo.setLang(userId, lang),
  }
}
export type AccountLanguages = ReturnType<typeof accountLanguages>

/** A stored user row's language, as a wire `lang`. */
export const languageOf = (user: { lang: string | undefined } | undefined): WireLang =>
  isWireLang(user?.lang) ? user.lang : DEFAULT_WIRE_LANG
