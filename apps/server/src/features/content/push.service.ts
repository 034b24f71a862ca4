import { content, isWireLang, type Texts, type WireLang } from '@kinetic/protocol'
import { fetch } from 'undici'
import webpush from 'web-push'
import type { Config } from '../../platform/config.ts'
import { checkEndpoint, pinnedAgent, type EgressPolicy, type Resolver } from '../../platform/egress/egress.ts'
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
/** One delivery's budget: connecting and the push service's answer, together. */
const SEND_DEADLINE_MS = 3_000
const BODY_CHARS = 140
const BROADCAST_PAGE = 500
/** Deliveries one job has in flight at once (a broadcast page is sent this many at a time). */
const DELIVERIES_AT_ONCE = 32
/** `push.send` jobs one instance runs at once: an endpoint that never answers holds up one slot. */
const JOBS_AT_ONCE = 8
/** Subscriptions an account keeps (the newest): each push fans out to all of them. */
export const DEVICES_PER_ACCOUNT = 10

interface Log {
  warn(details: object, message: string): void
}

const bytes = (value: string) => (/^[A-Za-z0-9_-]+=*$/.test(value) ? Buffer.from(value, 'base64url') : Buffer.alloc(0))

/** An abort at the deadline, or undici's own connect/headers/body timeout. */
const isTimeout = (error: unknown): boolean => {
  const e = error as { name?: string; code?: string; cause?: { name?: string; code?: string } }
  const timeoutCodes = ['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']
  return (
    e.name === 'TimeoutError' ||
    e.cause?.name === 'TimeoutError' ||
    timeoutCodes.includes(e.code ?? '') ||
    timeoutCodes.includes(e.cause?.code ?? '')
  )
}

/** Runs `work` on each item, at most `limit` at once; the answers in the items' order. */
async function inPool<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      results[i] = await work(items[i] as T)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

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
 *
 * An endpoint is checked when subscribed and again at each send (platform/egress): its host
 * must resolve to public unicast addresses only (https, port 443, `PUSH_HOSTS` when set), and
 * the connection goes to the addresses checked. A delivery has 3 s; an endpoint that runs out
 * of time twice in a row is parked, with backoff (docs/adr/2026-11-28-push-egress.md).
 */
export function pushService(deps: {
  db: Db
  jobs: Jobs
  config: Pick<Config, 'vapid' | 'push'>
  resolver: Resolver
  log: Log
}) {
  const { jobs, config, log, resolver } = deps
  const repo = pushRepo(deps.db)
  let keys: Promise<{ publicKey: string; privateKey: string }> | undefined
  // PUSH_ALLOW_LOCAL (tests, development): also plain HTTP to this machine, the stand-in push service
  const policy: EgressPolicy = { allowLocal: config.push.localEndpoints, hosts: config.push.hosts }

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

  function validKeys(sub: { keys: { p256dh: string; auth: string } }): boolean {
    const publicKey = bytes(sub.keys.p256dh)
    return publicKey.length === 65 && publicKey[0] === 4 && bytes(sub.keys.auth).length === 16
  }

  /**
   * Sends to one device: whether it arrived, is gone for good (404/410, or its endpoint no
   * longer passes the egress check: it is not contacted), ran out of time, or failed for now.
   */
  async function deliver(sub: StoredSubscription, note: PushNote): Promise<'sent' | 'gone' | 'timeout' | 'failed'> {
    const host = new URL(sub.endpoint).host // the endpoint's host only in logs: its path identifies the device
    const checked = await checkEndpoint(sub.endpoint, policy, resolver)
    if (!checked.ok) {
      if (checked.reason === 'unresolved') {
        log.warn({ host }, 'push service host not resolved')
        return 'failed'
      }
      log.warn({ host, reason: checked.reason }, 'push endpoint refused by the egress check; subscription dropped')
      return 'gone'
    }
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
    const dispatcher = pinnedAgent(checked.addresses, SEND_DEADLINE_MS)
    let status: number
    try {
      const answer = await fetch(checked.url, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ?? undefined,
        redirect: 'error',
        signal: AbortSignal.timeout(SEND_DEADLINE_MS),
        dispatcher,
      })
      status = answer.status
      await answer.body?.cancel()
    } catch (error) {
      const timedOut = isTimeout(error)
      log.warn(
        { host, err: (error as Error).message },
        timedOut ? 'push service did not answer in time' : 'push service unreachable',
      )
      return timedOut ? 'timeout' : 'failed'
    } finally {
      void dispatcher.destroy().catch(() => undefined)
    }
    if (status === 404 || status === 410) return 'gone'
    if (status >= 200 && status < 300) return 'sent'
    log.warn({ host, status }, 'push service refused a push')
    return 'failed'
  }

  /** Sends to each device; the job fails (and is retried) only when none took it and some may later. */
  async function sendTo(subs: StoredSubscription[], note: PushNote): Promise<void> {
    const outcomes = await inPool(subs, DELIVERIES_AT_ONCE, (sub) => deliver(sub, note))
    await repo.removeGone(subs.filter((_, i) => outcomes[i] === 'gone'))
    for (const [i, sub] of subs.entries()) if (outcomes[i] === 'timeout') await repo.timedOut(sub.id, sub.p256dh)
    await repo.answered(subs.filter((_, i) => outcomes[i] === 'sent' || outcomes[i] === 'failed').map((s) => s.id))
    if (outcomes.length > 0 && outcomes.every((o) => o === 'failed' || o === 'timeout'))
      throw new Error('no push service took the push')
  }

  async function run(job: PushJob): Promise<void> {
    const { userId, ...note } = job
    if (userId !== null) return sendTo(await repo.forUser(userId, note.kind, DEVICES_PER_ACCOUNT), note)
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
      jobs.define<PushJob>(PUSH_JOB, run, { retryLimit: 3, retryDelaySeconds: 30, concurrency: JOBS_AT_ONCE })
      await vapidKeys()
    },

    async publicKey(): Promise<{ public_key: string }> {
      return { public_key: (await vapidKeys()).publicKey }
    },

    async subscribe(userId: number, sub: { endpoint: string; keys: { p256dh: string; auth: string } }) {
      if (!validKeys(sub)) throw new AppError('PUSH_SUBSCRIPTION_INVALID', { field: 'endpoint' })
      const checked = await checkEndpoint(sub.endpoint, policy, resolver)
      if (!checked.ok)
        throw new AppError(
          checked.reason === 'url' || checked.reason === 'scheme'
            ? 'PUSH_SUBSCRIPTION_INVALID'
            : 'PUSH_ENDPOINT_REFUSED',
          {
            field: 'endpoint',
          },
        )
      await repo.upsert(
        userId,
        { endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth },
        DEVICES_PER_ACCOUNT,
      )
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
