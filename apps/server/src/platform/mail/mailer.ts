import nodemailer from 'nodemailer'
import type { FastifyBaseLogger } from 'fastify'
import type { OutboxRepo } from './outbox.repo.ts'

export interface Message {
  channel: 'email' | 'sms'
  to: string
  subject: string
  text: string
}

export interface Mailer {
  /** Whether text messages can reach a phone (no SMS gateway is configured yet). */
  readonly smsAvailable: boolean
  send(message: Message): Promise<void>
}

/**
 * E-mail goes over SMTP when `MAIL_URL` is set. In development mode the rest — e-mail without
 * `MAIL_URL`, and text messages (no SMS gateway yet) — goes to the dev outbox, listed at
 * `/dev/outbox`; without it nothing is ever written there (config requires MAIL_URL, and
 * text messages are unavailable).
 */
export function createMailer(options: {
  mailUrl: string | undefined
  from: string
  devMode: boolean
  outbox: OutboxRepo
  log: FastifyBaseLogger
}): Mailer {
  const transport = options.mailUrl ? nodemailer.createTransport(options.mailUrl) : undefined
  return {
    smsAvailable: options.devMode,
    async send(message) {
      if (message.channel === 'email' && transport) {
        await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text })
        return
      }
      if (!options.devMode) throw new Error(`no way to send ${message.channel} outside development mode`)
      await options.outbox.add({
        channel: message.channel,
        recipient: message.to,
        subject: message.subject,
        body: message.text,
      })
      // Never the body: it carries a code.
      options.log.info({ channel: message.channel }, 'message put in the dev outbox (see /dev/outbox)')
    },
  }
}
