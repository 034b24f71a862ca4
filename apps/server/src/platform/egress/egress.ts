import { lookup, type LookupAddress } from 'node:dns'
import { promises as dns } from 'node:dns'
import ipaddr from 'ipaddr.js'
import { Agent } from 'undici'

/** Answers a host name's addresses (A and AAAA); injectable, so a test can change the answer. */
export type Resolver = (host: string) => Promise<string[]>

export const systemResolver: Resolver = async (host) =>
  (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address)

/**
 * Where a user-steered request may go: public unicast addresses over `https:` on 443, no
 * credentials in the URL, and (when `hosts` is not empty) only under one of those host suffixes.
 * `allowLocal` (tests and development only) also takes `http:`, any port and loopback addresses.
 */
export interface EgressPolicy {
  allowLocal: boolean
  hosts: readonly string[]
}

export type EgressRefusal = 'url' | 'scheme' | 'port' | 'credentials' | 'host' | 'address' | 'unresolved'
export type EgressVerdict = { ok: true; url: URL; addresses: string[] } | { ok: false; reason: EgressRefusal }

/** Ranges ipaddr.js may call unicast that are not an ordinary host on the internet. */
const NOT_PUBLIC = [
  '0.0.0.0/8',
  '100.64.0.0/10',
  '192.0.0.0/24',
  '198.18.0.0/15',
  '240.0.0.0/4',
  '::/96', // IPv4-compatible (deprecated)
  '::ffff:0:0/96', // IPv4-mapped
  '64:ff9b::/96', // NAT64
  '64:ff9b:1::/48', // local-use NAT64
  '2001::/32', // Teredo
  '2001:db8::/32',
  '2002::/16', // 6to4
  'fc00::/7',
  'fec0::/10',
].map((cidr) => ipaddr.parseCIDR(cidr))

/** True when `address` is a public unicast IPv4 or IPv6 address (no mapped, tunnelled or special form). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false
  const ip = ipaddr.parse(address)
  if (ip.range() !== 'unicast') return false
  return !NOT_PUBLIC.some(([range, bits]) => range.kind() === ip.kind() && ip.match(range, bits))
}

const isLoopback = (address: string): boolean => {
  if (!ipaddr.isValid(address)) return false
  return ipaddr.parse(address).range() === 'loopback'
}

/** A host that has not resolved by then counts as not resolved. */
const RESOLVE_TIMEOUT_MS = 2_000

function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms)
  })
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}

const hostOf = (url: URL) =>
  url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase()

export const underHosts = (host: string, hosts: readonly string[]): boolean =>
  hosts.length === 0 || hosts.some((suffix) => host === suffix || host.endsWith(`.${suffix}`))

/**
 * Checks an endpoint against the policy and resolves its host once: the answer is every
 * address the host resolved to, all of them allowed, for `pinnedAgent` to connect to.
 */
export async function checkEndpoint(endpoint: string, policy: EgressPolicy, resolve: Resolver): Promise<EgressVerdict> {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return { ok: false, reason: 'url' }
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, reason: 'scheme' }
  if (url.username !== '' || url.password !== '') return { ok: false, reason: 'credentials' }
  // http: or another port than 443 only to this machine, and only when the policy allows it
  const unusual: EgressRefusal | undefined = url.protocol !== 'https:' ? 'scheme' : url.port !== '' ? 'port' : undefined
  if (unusual && !policy.allowLocal) return { ok: false, reason: unusual }
  const host = hostOf(url)
  if (host === '') return { ok: false, reason: 'host' }
  let addresses: string[] = []
  if (ipaddr.isValid(host)) addresses = [host]
  else addresses = await withinTime(resolve(host), RESOLVE_TIMEOUT_MS).catch(() => [])
  if (addresses.length === 0) return { ok: false, reason: unusual ?? 'unresolved' }
  const local = policy.allowLocal && addresses.every(isLoopback)
  if (unusual && !local) return { ok: false, reason: unusual }
  if (!local && !addresses.every(isPublicAddress)) return { ok: false, reason: 'address' }
  if (!local && !underHosts(host, policy.hosts)) return { ok: false, reason: 'host' }
  return { ok: true, url, addresses }
}

/**
 * An undici dispatcher that connects only to `addresses` (checked already), whatever the DNS
 * says by then; TLS still verifies the URL's host name. `timeoutMs` bounds connecting and the
 * wait for the answer's headers and body.
 */
export function pinnedAgent(addresses: string[], timeoutMs: number): Agent {
  const answers: LookupAddress[] = addresses.map((address) => ({
    address,
    family: ipaddr.parse(address).kind() === 'ipv6' ? 6 : 4,
  }))
  const pinned: typeof lookup = ((_host: string, options: unknown, callback?: unknown) => {
    const cb = (typeof options === 'function' ? options : callback) as (
      error: Error | null,
      address: string | LookupAddress[],
      family?: number,
    ) => void
    const all = typeof options === 'object' && options !== null && (options as { all?: boolean }).all
    const first = answers[0]
    if (!first) return cb(new Error('no checked address'), '', 4)
    if (all) cb(null, answers)
    else cb(null, first.address, first.family)
  }) as typeof lookup
  return new Agent({
    connect: { lookup: pinned, timeout: timeoutMs },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    connections: 1,
    pipelining: 0,
  })
}
