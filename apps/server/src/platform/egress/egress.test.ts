import { describe, expect, it } from 'vitest'
import { checkEndpoint, isPublicAddress, type Resolver } from './egress.ts'

const answers: Record<string, string[]> = {
  'fcm.googleapis.com': ['142.250.74.106', '2a00:1450:4001:82b::200a'],
  'updates.push.services.mozilla.com': ['34.117.237.239'],
  'evil.example': ['142.250.74.106'],
  'loopback.example': ['127.0.0.1'],
}
const resolve: Resolver = async (host) => answers[host] ?? Promise.reject(new Error(`ENOTFOUND ${host}`))
const strict = { allowLocal: false, hosts: [] }

describe('egress check', () => {
  it('takes public unicast IPv4 and IPv6 only', () => {
    for (const address of ['142.250.74.106', '2a00:1450:4001:82b::200a', '1.1.1.1'])
      expect(isPublicAddress(address)).toBe(true)
    for (const address of [
      '0.1.2.3',
      '10.0.0.1',
      '127.0.0.1',
      '169.254.169.254',
      '172.31.255.255',
      '192.168.0.1',
      '100.64.0.1',
      '198.18.0.1',
      '198.19.255.255',
      '224.0.0.1',
      '240.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      '::7f00:1',
      '::ffff:127.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b:1::1',
      '2001::1',
      '2001:db8::1',
      '2002:a9fe:a9fe::1',
      'fc00::1',
      'fd00::1',
      'fe80::1',
      'fec0::1',
      'ff02::1',
      'not-an-address',
    ])
      expect({ address, public: isPublicAddress(address) }).toEqual({ address, public: false })
  })

  it('answers the checked addresses of an https endpoint on 443, under PUSH_HOSTS when set', async () => {
    expect(await checkEndpoint('https://fcm.googleapis.com/fcm/send/abc', strict, resolve)).toMatchObject({
      ok: true,
      addresses: answers['fcm.googleapis.com'],
    })
    const hosts = { allowLocal: false, hosts: ['fcm.googleapis.com', 'push.services.mozilla.com'] }
    expect((await checkEndpoint('https://updates.push.services.mozilla.com/wpush/v2/x', hosts, resolve)).ok).toBe(true)
    expect(await checkEndpoint('https://evil.example/x', hosts, resolve)).toEqual({ ok: false, reason: 'host' })
    expect(await checkEndpoint('https://notfcm.googleapis.com.evil.example/x', hosts, resolve)).toMatchObject({
      ok: false,
    })
    expect(await checkEndpoint('https://fcm.googleapis.com:8443/x', strict, resolve)).toEqual({
      ok: false,
      reason: 'port',
    })
    expect(await checkEndpoint('http://fcm.googleapis.com/x', strict, resolve)).toEqual({ ok: false, reason: 'scheme' })
    expect(await checkEndpoint('https://a:b@fcm.googleapis.com/x', strict, resolve)).toEqual({
      ok: false,
      reason: 'credentials',
    })
    expect(await checkEndpoint('https://nowhere.example/x', strict, resolve)).toEqual({
      ok: false,
      reason: 'unresolved',
    })
  })

  it('takes plain http, any port and loopback only when the local stand-in is allowed', async () => {
    const local = { allowLocal: true, hosts: ['fcm.googleapis.com'] }
    expect((await checkEndpoint('http://127.0.0.1:4100/push/a', local, resolve)).ok).toBe(true)
    expect((await checkEndpoint('http://loopback.example:4100/push/a', local, resolve)).ok).toBe(true)
    expect(await checkEndpoint('http://127.0.0.1:4100/push/a', strict, resolve)).toEqual({
      ok: false,
      reason: 'scheme',
    })
    expect(await checkEndpoint('https://loopback.example/push/a', strict, resolve)).toEqual({
      ok: false,
      reason: 'address',
    })
    // local means this machine only: private networks stay refused
    expect(await checkEndpoint('http://10.0.0.1:80/x', local, resolve)).toEqual({ ok: false, reason: 'scheme' })
    expect(await checkEndpoint('https://10.0.0.1/x', local, resolve)).toEqual({ ok: false, reason: 'address' })
  })
})
