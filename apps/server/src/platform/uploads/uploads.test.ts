import sharp from 'sharp'
import { deflateSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, registerUser, rowCount, startTestApp, type TestApp } from '../../../test/harness.ts'
import { multipartBody, upload, type FilePart } from '../../../test/multipart.ts'
import { ATTACHMENTS_PER_DAY } from './uploads.service.ts'
import { appUploads } from './uploads.testkit.ts'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app.close())

let seq = 0
async function signedIn(label = 'up') {
  const client = new Client(app.server)
  const user = await registerUser(client, `${label}-${++seq}@example.com`)
  return { client, user }
}

const png = (width = 320, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer()

/** A JPEG carrying EXIF (camera, GPS-like comment) that must not survive the upload. */
const jpegWithExif = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: '#ff8800' } })
    .withExif({ IFD0: { Make: 'SecretCam', ImageDescription: 'home address' } })
    .jpeg()
    .toBuffer()

/** A PNG whose header declares 100,000 × 100,000 pixels over a few bytes of data. */
function pngBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(100_000, 0)
  ihdr.writeUInt32BE(100_000, 4)
  ihdr.set([8, 2, 0, 0, 0], 8) // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(64 * 1024))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff
  for (const byte of bytes) {
    crc ^= byte
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1
  }
  return (crc ^ 0xffffffff) >>> 0
}

const file = (bytes: Buffer, name = 'photo.png', type = 'image/png'): FilePart => ({ name, type, bytes })
const getFile = (url: string, client?: Client) =>
  app.server.inject({
    method: 'GET',
    url,
    headers: client?.cookies.size ? { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {},
  })

describe('avatar upload (/v1/image)', () => {
  it('sniffs a PNG named .jpg, stores a 256 px WebP square and makes it the avatar', async () => {
    const { client, user } = await signedIn()
    const { body } = await upload(client, '/v1/image', file(await png(), 'holiday.jpg', 'image/jpeg'))
    expect(body).toMatchObject({ code: true, data: { mime: 'image/webp', width: 256, height: 256 } })
    const url = body.data.url as string
    expect(url).toMatch(/^\/v1\/files\/[A-Za-z0-9_-]{22}$/)
    expect((await client.call('/v1/userinfo')).body.data).toMatchObject({ id: user.id, avatar: url })

    // anyone holding the URL reads it, as the stored type, never sniffed, cached for long
    const served = await getFile(url)
    expect(served.statusCode).toBe(200)
    expect(served.headers).toMatchObject({
      'content-type': 'image/webp',
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=31536000, immutable',
    })
    const meta = await sharp(served.rawPayload).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 })
  })

  it('strips metadata such as EXIF', async () => {
    const { client } = await signedIn()
    const { body } = await upload(client, '/v1/image', file(await jpegWithExif(), 'me.jpg', 'image/jpeg'))
    expect(body.code).toBe(true)
    const served = await getFile(body.data.url as string)
    expect(served.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false)
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined()
  })

  it('replaces the previous avatar: its file is gone', async () => {
    const { client, user } = await signedIn()
    const first = (await upload(client, '/v1/image', file(await png()))).body.data.url as string
    const second = (await upload(client, '/v1/image', file(await png(100, 400)))).body.data.url as string
    expect((await getFile(first)).statusCode).toBe(404)
    expect((await getFile(second)).statusCode).toBe(200)
    expect(await rowCount(app, 'files', 'owner_id = $1', [user.id])).toBe(1)
  })

  it.each([
    { name: 'a text file claiming image/png', part: file(Buffer.from('hello, not an image'), 'a.png', 'image/png') },
    {
      name: 'an SVG image',
      part: file(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'a.svg', 'image/svg+xml'),
    },
    {
      name: 'a truncated PNG',
      part: file(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), 'a.png'),
    },
  ])('refuses $name with FILE_TYPE_UNSUPPORTED on file, writing nothing', async ({ part }) => {
    const { client, user } = await signedIn()
    const before = await rowCount(app, 'files')
    const { status, body } = await upload(client, '/v1/image', part)
    expect(status).toBe(200)
    expect(body).toMatchObject({
      code: false,
      error: 'FILE_TYPE_UNSUPPORTED',
      msg: 'Only JPEG, PNG, WebP, GIF or HEIF images can be uploaded',
    })
    expect(body.fields).toHaveProperty('file')
    expect(await rowCount(app, 'files')).toBe(before)
    expect((await client.call('/v1/userinfo')).body.data).toMatchObject({ id: user.id, avatar: '' })
  })

  it('refuses a file over 5 MiB with FILE_TOO_LARGE, in the request language', async () => {
    const { client } = await signedIn()
    const before = await rowCount(app, 'files')
    const big = Buffer.concat([await png(), Buffer.alloc(5 * 1024 * 1024)])
    const { status, body } = await upload(client, '/v1/image', file(big), { lang: 'zh-cn' })
    expect(status).toBe(200)
    expect(body).toMatchObject({ code: false, error: 'FILE_TOO_LARGE', msg: '文件过大（不超过 5 MB）' })
    expect(body.fields).toHaveProperty('file')
    expect(await rowCount(app, 'files')).toBe(before)
  })

  it('refuses a decompression bomb (a tiny PNG declaring 10^10 pixels) before decoding it', async () => {
    const { client } = await signedIn()
    const before = await rowCount(app, 'files')
    const bomb = pngBomb()
    expect(bomb.length).toBeLessThan(1024)
    const { body } = await upload(client, '/v1/image', file(bomb))
    expect(body).toMatchObject({ code: false, error: 'IMAGE_TOO_LARGE' })
    expect(body.fields).toHaveProperty('file')
    expect(await rowCount(app, 'files')).toBe(before)
  })

  it('asks for a file when none is sent', async () => {
    const { client } = await signedIn()
    const { body } = await upload(client, '/v1/image', undefined, { lang: 'zh-hk' })
    expect(body).toMatchObject({ code: false, error: 'FILE_REQUIRED', msg: '請選擇檔案' })
  })

  it('answers 401 signed out and 403 without the CSRF header, storing nothing', async () => {
    const before = await rowCount(app, 'files')
    const signedOut = await upload(new Client(app.server), '/v1/image', file(await png()))
    expect(signedOut.body.code).toBe(401)
    const { client } = await signedIn()
    const forged = await upload(client, '/v1/image', file(await png()), {
      headers: { 'x-requested-with': undefined },
    })
    expect(forged.status).toBe(403)
    expect(await rowCount(app, 'files')).toBe(before)
  })

  it('answers a broken multipart body with 400 in the browser language, storing nothing', async () => {
    const { client } = await signedIn()
    const before = await rowCount(app, 'files')
    const { payload, contentType } = multipartBody({ method: '/v1/image', lang: 'us-en' }, file(await png()))
    const cut = await client.post('/v1/index', payload.subarray(0, payload.length - 40), {
      'content-type': contentType,
      'accept-language': 'zh-CN',
    })
    expect(cut.statusCode).toBe(400)
    expect(cut.json()).toMatchObject({ code: false, error: 'MALFORMED_BODY', msg: '请求内容无法解析' })
    const noBoundary = await client.post('/v1/index', payload, { 'content-type': 'multipart/form-data' })
    expect(noBoundary.statusCode).toBeGreaterThanOrEqual(400)
    expect(noBoundary.statusCode).toBeLessThan(500)
    expect(await rowCount(app, 'files')).toBe(before)
  })

  it('checks the text fields of a multipart call like any other call', async () => {
    const { client } = await signedIn()
    const unknown = await upload(client, '/v1/nothing', file(await png()))
    expect(unknown.body).toMatchObject({ code: false, error: 'UNKNOWN_METHOD' })
    const bad = await upload(client, '/v1/infoedit', undefined, { fields: { height: '999' } })
    expect(bad.body).toMatchObject({ code: false, error: 'HEIGHT_RANGE' })
    expect(bad.body.fields).toHaveProperty('height')
  })
})

describe('attachments (/v1/file)', () => {
  it('re-encodes an image at most 2048 px and lets only its owner read it', async () => {
    const { client, user } = await signedIn('att')
    const { body } = await upload(client, '/v1/file', file(await png(3000, 1000)))
    expect(body).toMatchObject({ code: true, data: { mime: 'image/webp', width: 2048, height: 683 } })
    const url = body.data.url as string

    const own = await getFile(url, client)
    expect(own.statusCode).toBe(200)
    expect(own.headers['cache-control']).toBe('private, max-age=31536000, immutable')
    // the avatar is untouched
    expect((await client.call('/v1/userinfo')).body.data).toMatchObject({ id: user.id, avatar: '' })

    const { client: stranger } = await signedIn('stranger')
    const missing = await getFile('/v1/files/AAAAAAAAAAAAAAAAAAAAAA', stranger)
    const foreign = await getFile(url, stranger)
    const anonymous = await getFile(url)
    for (const answer of [foreign, anonymous]) {
      expect(answer.statusCode).toBe(404)
      expect(answer.body).toBe(missing.body)
    }
  })

  it('attaches only files the user uploaded (another user’s id reads as missing)', async () => {
    const { client, user } = await signedIn('owner')
    const { user: other } = await signedIn('other')
    const id = (await upload(client, '/v1/file', file(await png()))).body.data.id as string
    const uploads = appUploads(app)
    await expect(uploads.ownAttachment(user.id, id)).resolves.toMatchObject({ id, ownerId: user.id })
    await expect(uploads.ownAttachment(other.id, id)).rejects.toMatchObject({ code: 'FILE_NOT_FOUND' })
    await expect(uploads.ownAttachment(user.id, 'AAAAAAAAAAAAAAAAAAAAAA')).rejects.toMatchObject({
      code: 'FILE_NOT_FOUND',
    })
  })

  it(`refuses more than ${ATTACHMENTS_PER_DAY} attachments a day`, async () => {
    const { client, user } = await signedIn('quota')
    const first = await upload(client, '/v1/file', file(await png()))
    expect(first.body.code).toBe(true)
    // the day's earlier uploads, as rows
    await app.database.pool.query(
      `INSERT INTO files (id, owner_id, kind, mime, size, width, height, bytes)
       SELECT 'quota' || g || repeat('x', 17), $1, 'attachment', 'image/webp', 1, 1, 1, '\\x00'
       FROM generate_series(1, $2::int) g`,
      [user.id, ATTACHMENTS_PER_DAY - 1],
    )
    const over = await upload(client, '/v1/file', file(await png()))
    expect(over.body).toMatchObject({ code: false, error: 'UPLOAD_LIMIT' })
    expect(await rowCount(app, 'files', 'owner_id = $1', [user.id])).toBe(ATTACHMENTS_PER_DAY)
  })

  it('lets a read rule share an attachment with another account', async () => {
    const { client } = await signedIn('share')
    const { client: helper, user: helperUser } = await signedIn('helper')
    const { body } = await upload(client, '/v1/file', file(await png()))
    const id = body.data.id as string
    expect((await getFile(body.data.url as string, helper)).statusCode).toBe(404)
    appUploads(app).addReadRule(async (f, viewers) => f.id === id && viewers.includes(helperUser.id))
    expect((await getFile(body.data.url as string, helper)).statusCode).toBe(200)
  })
})
