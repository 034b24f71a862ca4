import { call } from '@/api'
import { content } from '@kinetic/protocol'

/** Why this device cannot take pushes: no service worker / Push API here, or the person said no. */
export type PushUnavailable = 'unsupported' | 'denied'

/** How long to wait for the service worker to be ready before calling push unsupported here. */
const READY_WAIT_MS = 10_000

export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
}

const bytesOf = (base64url: string) => {
  const binary = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'))
  return Uint8Array.from(binary, (c) => c.charCodeAt(0))
}
const sameBytes = (a: ArrayBuffer | null | undefined, b: Uint8Array) =>
  !!a && a.byteLength === b.byteLength && new Uint8Array(a).every((byte, i) => byte === b[i])

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!pushSupported()) return undefined
  const timeout = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), READY_WAIT_MS))
  return Promise.race([navigator.serviceWorker.ready, timeout])
}

/** This device's push subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported() || Notification.permission !== 'granted') return null
  const found = await navigator.serviceWorker.getRegistration()
  return (await found?.pushManager.getSubscription()) ?? null
}

/**
 * Subscribes this device for the signed-in account: asks for permission, subscribes with the
 * server's VAPID public key (a subscription made for another key is replaced) and posts the
 * subscription to the server. Answers why not when it cannot.
 */
export async function subscribeThisDevice(): Promise<PushUnavailable | undefined> {
  const ready = await registration()
  if (!ready) return 'unsupported'
  if ((await Notification.requestPermission()) !== 'granted') return 'denied'
  const key = bytesOf((await call(content.pushKey)).public_key)
  let subscription = await ready.pushManager.getSubscription()
  if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe()
    subscription = null
  }
  subscription ??= await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
  const { endpoint, keys } = subscription.toJSON()
  if (!endpoint || !keys?.p256dh || !keys.auth) return 'unsupported'
  await call(content.pushSubscribe, { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } })
  return undefined
}

/** Stops pushes to this device: the server forgets it for this account, the browser drops it. */
export async function unsubscribeThisDevice(): Promise<void> {
  const subscription = await currentSubscription()
  if (!subscription) return
  await call(content.pushUnsubscribe, { endpoint: subscription.endpoint })
  await subscription.unsubscribe()
}
