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
  /**
   * Composes and sends a message after the current request has answered: the answer's
   * content and timing do not depend on whether (or what) is sent. `compose` may return
   * nothing to send; a failure is logged, never thrown.
   */
  later(compose: () => Promise<Message | undefined>): void
  /** Resolves once every message handed to {@link later} so far was sent (or failed). */
  settled(): Promise<void>
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
  const pending = new Set<Promise<void>>()
  const mailer: Mailer = {
    smsAvailable: options.devMode,
    later(compose) {
      const task = new Promise<void>((resolve) => setImmediate(resolve))
        .then(compose)
        .then((message) => (message ? mailer.send(message) : undefined))
        // its kind only: a driver's message may quote the query's params, and a message carries a code
        .catch((error: unknown) => options.log.error({ failure: errorKind(error) }, 'a message could not be sent'))
        .finally(() => pending.delete(task))
      pending.add(task)
    },
    async settled() {
      while (pending.size > 0) await Promise.all(pending)
    },
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
  return mailer
}

function errorKind(error: unknown): string {
  if (typeof error !== 'object' || error === null) return typeof error
  const { name, code } = error as { name?: unknown; code?: unknown }
  return [name, code].filter((part) => typeof part === 'string').join(' ') || 'Error'
}
