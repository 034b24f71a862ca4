import type { WireLang } from '@kinetic/protocol'
import { text, type Values } from '../../platform/i18n/index.ts'
import type { Message } from '../../platform/mail/mailer.ts'

/** Where a message goes: the e-mail address, or `+prefix phone` for a text message. */
export interface Recipient {
  channel: 'email' | 'sms'
  address: string
}

/** One letter of the `mails` catalog (`<letter>.subject`, `<letter>.text`) to one recipient. */
const message = (to: Recipient, lang: WireLang, letter: string, values?: Values): Message => ({
  channel: to.channel,
  to: to.address,
  subject: text(lang, 'mails', `${letter}.subject`, values),
  text: text(lang, 'mails', `${letter}.text`, values),
})

/** The account feature's mails, each in the language given (the account's own, where it has one). */
export const mails = {
  code: (to: Recipient, lang: WireLang, code: string) => message(to, lang, 'code', { code }),
  /** To the owner of an address someone tried to register (no code: the account exists). */
  registerAttempt: (to: Recipient, lang: WireLang) => message(to, lang, 'registerAttempt'),
  /** To the owner of an address someone tried to bind to another account. */
  bindAttempt: (to: Recipient, lang: WireLang) => message(to, lang, 'bindAttempt'),
  /** To the owner after repeated wrong passwords (once per burst). */
  failedSignIns: (to: Recipient, lang: WireLang, failures: number) => message(to, lang, 'failedSignIns', { failures }),
}
