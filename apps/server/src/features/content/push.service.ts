import { content, isWireLang, type Texts, type WireLang } from '@kinetic/protocol'
import webpush from 'web-push'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/client.ts'
import type { Jobs } from '../../platform/jobs/jobs.ts'
import { AppError } from '../../platform/rpc/app-error.ts'
import { pushRepo, type StoredSubscription } from './push.repo.ts'

export const PUSH_JOB = 'push.send'

type PushKind = content.PushKind

/** What a push says, in the three languages; `url` is the app page a tap opens. */
export interface PushNote {
  kind: PushKind
  title: Texts
  body: Texts
  url: string
}

/** A `push.send` job: one account's devices, or (`userId` null) every device taking the kind. */
export interface PushJob extends PushNote {
  userId: number | null
}

/** What the service worker receives (apps/web/src/sw/push.ts reads it). */
export interface PushPayload {
  kind: PushKind
  title: string
  body: string
  url: string
}

/** A push service keeps an undelivered message this long for an offline device. */
const TTL_SECONDS = 24 * 60 * 60
const SEND_TIMEOUT_MS = 10_000
const BODY_CHARS = 140
const BROADCAST_PAGE = 500

interface Log {
  warn(details: object, message: string): void
}

const isLoopback = (host: string) => host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host)
const bytes = (value: string) => (/^[A-Za-z0-9_-]+=*$/.test(value) ? Buffer.from(value, 'base64url') : Buffer.alloc(0))

const clip = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length > BODY_CHARS ? `${line.slice(0, BODY_CHARS)}…` : line
}

/**
 * Web Push (RFC 8030/8291/8292) with `web-push`: the VAPID pair (configured, else generated
 * once and kept in the database), each device's subscription, a switch per kind, and the
 * `push.send` job that writes a push in each account's language, encrypts it per device and
 * posts it to the device's push service; an endpoint the service calls gone (404/410) is
 * removed. Delivery is best effort: the message it reports is in Messages either way.
 */
export function pushService(deps: {
  db: Db
  jobs: Jobs
  config: Pick<Config, 'vapid' | 'devMode' | 'checkResults'>
  log: Log
}) {
  const { jobs, config, log } = deps
  const repo = pushRepo(deps.db)
  let keys: Promise<{ publicKey: string; privateKey: string }> | undefined
  // plain-HTTP endpoints on this machine: the tests' and development's stand-in push service
  const loopbackAllowed = config.devMode || config.checkResults

  function vapidKeys() {
    keys ??= (async () => {
      if (config.vapid.keys) return config.vapid.keys
      const stored = await repo.keys()
      if (stored) return { publicKey: stored.publicKey, privateKey: stored.privateKey }
      const kept = await repo.keepKeys(webpush.generateVAPIDKeys())
      return { publicKey: kept.publicKey, privateKey: kept.privateKey }
    })().catch((error: unknown) => {
      keys = undefined
      throw error
    })
    return keys
  }

  function validSubscription(sub: { endpoint: string; keys: { p256dh: string; auth: string } }): boolean {
    let url: URL
    try {
      url = new URL(sub.endpoint)
    } catch {
      return false
    }
    const secure =
      url.protocol === 'https:' || (url.protocol === 'http:' && loopbackAllowed && isLoopback(url.hostname))
    const publicKey = bytes(sub.keys.p256dh)
    return secure && publicKey.length === 65 && publicKey[0] === 4 && bytes(sub.keys.auth).length === 16
  }

  /** Sends to one device; answers whether it arrived, is gone for good, or failed for now. */
  async function deliver(sub: StoredSubscription, note: PushNote): Promise<'sent' | 'gone' | 'failed'> {
    const lang: WireLang = isWireLang(sub.lang) ? sub.lang : 'zh-cn'
    const payload: PushPayload = {
      kind: note.kind,
      title: note.title[lang],
      body: clip(note.body[lang]),
      url: note.url,
    }
    const pair = await vapidKeys()
    const request = webpush.generateRequestDetails(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject: config.vapid.subject, ...pair },
        TTL: TTL_SECONDS,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
      },
    )
    let status: number
    try {
      const answer = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ?? undefined,
        redirect: 'error',
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      })
      status = answer.status
      await answer.body?.cancel()
    } catch (error) {
      // the endpoint's host only: its path identifies the device
      log.warn({ host: new URL(sub.endpoint).host, err: (error as Error).message }, 'push service unreachable')
      return 'failed'
    }
    if (status === 404 || status === 410) return 'gone'
    if (status >= 200 && status < 300) return 'sent'
    log.warn({ host: new URL(sub.endpoint).host, status }, 'push service refused a push')
    return 'failed'
  }

  /** Sends to each device; the job fails (and is retried) only when none took it and some may later. */
  async function sendTo(subs: StoredSubscription[], note: PushNote): Promise<void> {
    const outcomes = await Promise.all(subs.map((sub) => deliver(sub, note)))
    await repo.removeGone(subs.filter((_, i) => outcomes[i] === 'gone'))
    if (outcomes.length > 0 && outcomes.every((o) => o === 'failed')) throw new Error('no push service took the push')
  }

  async function run(job: PushJob): Promise<void> {
    const { userId, ...note } = job
    if (userId !== null) return sendTo(await repo.forUser(userId, note.kind), note)
    for (let after = 0; ;) {
      const page = await repo.everyone(note.kind, after, BROADCAST_PAGE)
      if (page.length === 0) return
      // a broadcast is not retried as a whole: devices already reached would get it twice
      await sendTo(page, note).catch(() => undefined)
      after = page[page.length - 1]?.id ?? after
    }
  }

  const queue = (job: PushJob) =>
    jobs.send<PushJob>(PUSH_JOB, job).catch((error: unknown) => {
      log.warn({ kind: job.kind, err: (error as Error).message }, 'push not queued')
    })

  return {
    /** Registers the `push.send` job; the key pair is made (or read) now, on the first start. */
    async start(): Promise<void> {
      jobs.define<PushJob>(PUSH_JOB, run, { retryLimit: 3, retryDelaySeconds: 30 })
      await vapidKeys()
    },

    async publicKey(): Promise<{ public_key: string }> {
      return { public_key: (await vapidKeys()).publicKey }
    },

    async subscribe(userId: number, sub: { endpoint: string; keys: { p256dh: string; auth: string } }) {
      if (!validSubscription(sub)) throw new AppError('PUSH_SUBSCRIPTION_INVALID', { field: 'endpoint' })
      await repo.upsert(userId, { endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth })
      return {}
    },

    async unsubscribe(userId: number, endpoint: string) {
      await repo.remove(userId, endpoint)
      return {}
    },

    async settings(userId: number) {
      const muted = new Set(await repo.muted(userId))
      return {
        kinds: content.PUSH_KINDS.map((kind) => ({ kind, enabled: !muted.has(kind) })),
        devices: await repo.deviceCount(userId),
      }
    },

    async setKind(userId: number, kind: PushKind, enabled: boolean) {
      await repo.setMuted(userId, kind, !enabled)
      return {}
    },

    /**
     * Queues a push to one account's devices; call it once the change it reports is committed.
     * It never fails its caller: a push not queued is logged, the message stays in Messages.
     */
    notify(userId: number, note: PushNote): Promise<void> {
      return queue({ userId, ...note })
    },

    /** Queues a push to every device that takes the kind (a notice). */
    broadcast(note: PushNote): Promise<void> {
      return queue({ userId: null, ...note })
    },
  }
}
export type PushService = ReturnType<typeof pushService>
