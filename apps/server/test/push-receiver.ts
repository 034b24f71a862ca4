import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A stand-in push service for tests: a local HTTP server that records what is posted to
 * `/push/<device>` and answers 201, or the status set for that device (410: gone). Each
 * device has its own P-256 key pair and auth secret, as a browser's PushSubscription has.
 */
export interface PushDevice {
  endpoint: string
  keys: { p256dh: string; auth: string }
  /** The pushes that arrived, decrypted (RFC 8291, aes128gcm). */
  received: { headers: IncomingHttpHeaders; payload: unknown }[]
}

export async function startPushReceiver() {
  const devices = new Map<
    string,
    { device: PushDevice; ecdh: ReturnType<typeof createECDH>; auth: Buffer; status: number }
  >()
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const name = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1]
      const entry = name ? devices.get(name) : undefined
      if (!entry) return void response.writeHead(404).end()
      if (entry.status === 201) {
        const payload = decryptAes128gcm(Buffer.concat(chunks), entry.ecdh, entry.auth)
        entry.device.received.push({ headers: request.headers, payload: JSON.parse(payload.toString('utf8')) })
      }
      response.writeHead(entry.status).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    /** A new browser subscription at this stand-in; its endpoint answers `status`. */
    device(name: string, status = 201): PushDevice {
      const ecdh = createECDH('prime256v1')
      ecdh.generateKeys()
      const auth = randomBytes(16)
      const device: PushDevice = {
        endpoint: `http://127.0.0.1:${port}/push/${name}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        received: [],
      }
      devices.set(name, { device, ecdh, auth, status })
      return device
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * A push service that accepts every connection and request and never answers: the slowest
 * endpoint a subscription can name. `open` counts the requests whose connection is still open.
 */
export async function startTarpit() {
  const seen = new Map<string, number>()
  let open = 0
  const server: Server = createServer((request) => {
    const name = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1] ?? ''
    seen.set(name, (seen.get(name) ?? 0) + 1)
    open++
    request.socket.once('close', () => open--)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    /** A subscription whose endpoint is this tarpit. */
    device(name: string) {
      const ecdh = createECDH('prime256v1')
      ecdh.generateKeys()
      return {
        endpoint: `http://127.0.0.1:${port}/push/${name}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
      }
    },
    /** Requests that reached `name`'s endpoint. */
    requests: (name: string) => seen.get(name) ?? 0,
    /** Requests whose connection the sender has not closed yet. */
    open: () => open,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/**
 * RFC 8291 §3.4 and RFC 8188 §2, the receiving side: the header (salt, record size, the
 * sender's public key) then one record; the key and nonce derived with HKDF-SHA-256 from the
 * ECDH secret and the auth secret; AES-128-GCM; the padding delimiter 0x02 ends the last record.
 */
export function decryptAes128gcm(body: Buffer, ecdh: ReturnType<typeof createECDH>, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16)
  const idLength = body.readUInt8(20)
  const senderPublic = body.subarray(21, 21 + idLength)
  const record = body.subarray(21 + idLength)
  const ecdhSecret = ecdh.computeSecret(senderPublic)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderPublic])
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32))
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16))
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12))
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(record.subarray(record.length - 16))
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()])
  let end = padded.length - 1
  while (end >= 0 && padded[end] === 0) end--
  if (padded[end] !== 2) throw new Error('no last-record padding delimiter (0x02)')
  return padded.subarray(0, end)
}
