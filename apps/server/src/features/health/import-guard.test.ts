import { createDeflateRaw } from 'node:zlib'
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../test/harness.ts'
import { upload as uploadFile } from '../../../test/multipart.ts'
import { aUser, noonZone, nowS, ok } from './health.testkit.ts'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app?.close())

type User = Awaited<ReturnType<typeof aUser>>

const importFile = (user: User, bytes: Uint8Array, lang = 'us-en') =>
  uploadFile(
    user,
    '/v1/health_import',
    { name: 'export.zip', type: 'application/octet-stream', bytes: Buffer.from(bytes) },
    { lang },
  )

/** `mib` MiB of zeros, deflated (about 1 KiB of output per MiB). */
async function deflatedZeros(mib: number): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 9 })
  const out: Buffer[] = []
  deflate.on('data', (chunk: Buffer) => out.push(chunk))
  const zero = Buffer.alloc(1024 * 1024)
  for (let i = 0; i < mib; i++) if (!deflate.write(zero)) await new Promise((r) => deflate.once('drain', r))
  await new Promise((r) => deflate.end(r))
  return Buffer.concat(out)
}

/** A zip of one deflated entry whose headers declare `declared` bytes, whatever it holds. */
function lyingZip(name: string, deflated: Buffer, declared: number): Buffer {
  const file = Buffer.from(name)
  const local = Buffer.alloc(30)
  local.writeUInt32LE(0x04034b50, 0)
  local.writeUInt16LE(20, 4)
  local.writeUInt16LE(8, 8)
  local.writeUInt32LE(deflated.length, 18)
  local.writeUInt32LE(declared, 22)
  local.writeUInt16LE(file.length, 26)
  const central = Buffer.alloc(46)
  central.writeUInt32LE(0x02014b50, 0)
  central.writeUInt16LE(20, 4)
  central.writeUInt16LE(20, 6)
  central.writeUInt16LE(8, 10)
  central.writeUInt32LE(deflated.length, 20)
  central.writeUInt32LE(declared, 24)
  central.writeUInt16LE(file.length, 28)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(1, 8)
  end.writeUInt16LE(1, 10)
  end.writeUInt32LE(46 + file.length, 12)
  end.writeUInt32LE(30 + file.length + deflated.length, 16)
  return Buffer.concat([local, file, deflated, central, file, end])
}

describe('imports run off the event loop, within a budget', () => {
  it('a zip declaring 1,000 bytes that holds 512 MiB is refused at the cap while /healthz keeps answering', async () => {
    const user = await aUser(app)
    const zip = lyingZip('samples/steps.csv', await deflatedZeros(512), 1000)
    expect(zip.length).toBeLessThan(1024 * 1024)
    const upload = importFile(user, zip)
    // the import is under way: a health check made now answers first
    await new Promise((resolve) => setTimeout(resolve, 50))
    const order: string[] = []
    const check = app.server.inject({ method: 'GET', url: '/healthz' }).then((r) => {
      order.push('healthz')
      return r
    })
    const refused = await upload.then((r) => {
      order.push('import')
      return r
    })
    expect((await check).json()).toEqual({ ok: true })
    expect(order).toEqual(['healthz', 'import'])
    expect(refused.body).toMatchObject({
      code: false,
      error: 'IMPORT_TOO_LARGE',
      msg: 'The export is too large to import (at most 200 MB once unpacked, read within two minutes)',
    })
  }, 120_000)
})

describe('malformed imports answer their IMPORT_* error, never a 500', { timeout: 60_000 }, () => {
  const manifest = strToU8(JSON.stringify({ format: 'kinetic-health-export', version: 1 }))
  const refusal = async (files: Record<string, Uint8Array>) => {
    const answer = await importFile(await aUser(app), zipSync(files))
    expect(answer.status).toBeLessThan(500)
    return answer.body
  }

  it('a kinetic-export.json that is not JSON', async () => {
    expect(await refusal({ 'kinetic-export.json': strToU8('{"format": kinetic') })).toMatchObject({
      error: 'IMPORT_FILE_BROKEN',
      msg: 'A file in the export cannot be read: kinetic-export.json',
    })
    expect(await refusal({ 'kinetic-export.json': strToU8('null') })).toMatchObject({ error: 'IMPORT_FORMAT_UNKNOWN' })
  })

  it('a profile.json holding null, or a birthday that is no day', async () => {
    const steps = strToU8(`minute,steps\r\n${new Date((nowS() - (nowS() % 60) - 3600) * 1000).toISOString()},50\r\n`)
    expect(
      await refusal({ 'kinetic-export.json': manifest, 'samples/steps.csv': steps, 'profile.json': strToU8('null') }),
    ).toMatchObject({ error: 'IMPORT_FILE_BROKEN', msg: 'A file in the export cannot be read: profile.json' })
    expect(
      await refusal({
        'kinetic-export.json': manifest,
        'samples/steps.csv': steps,
        'profile.json': strToU8(JSON.stringify({ birthday: '2001-02-31' })),
      }),
    ).toMatchObject({ error: 'IMPORT_ROW_INVALID', msg: 'The export has an invalid row: profile.json: birthday' })
  })

  it('a Huawei activity whose attribute is not text', async () => {
    const start = (nowS() - 86_400) * 1000
    const run = { sportType: 4, startTime: start, endTime: start + 1_800_000, totalTime: 1_800_000, attribute: 42 }
    expect(await refusal({ 'motion path detail data.json': strToU8(JSON.stringify([run])) })).toMatchObject({
      error: 'IMPORT_FILE_BROKEN',
      msg: 'A file in the export cannot be read: motion path detail data.json',
    })
  })
})

describe('the health export defuses formulas', () => {
  it('a workout named like a formula comes back as text in workouts.csv, and whole on import', async () => {
    const zone = noonZone()
    const user = await aUser(app, zone)
    // (a name's leading tab or CR is trimmed by the contract; csv.test.ts covers those cells)
    const names = ['=HYPERLINK("http://x.test","y")', '+SUM(A1)', '-2+3', '@cmd']
    const base = nowS() - 30 * 3600
    for (const [i, name] of names.entries())
      await ok(user, '/v1/motion_import', {
        source: 'gpx',
        type: 'run',
        name,
        start: new Date((base + i * 3600) * 1000).toISOString(),
        duration_s: 1200,
        distance_m: 3000 + i,
        steps: 0,
      })
    const to = (await ok(user, '/v1/well')).date as string
    const from = new Date((base - 86_400) * 1000).toISOString().slice(0, 10)
    const response = await app.server.inject({
      method: 'GET',
      url: `/v1/health/export?from=${from}&to=${to}&account=${user.id}`,
      headers: { cookie: [...user.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    })
    const zip = new Uint8Array(response.rawPayload)
    const csv = strFromU8(unzipSync(zip)['workouts/workouts.csv']!)
    for (const name of names) {
      const cell = /[",\r\n]/.test(name) ? `"'${name.replace(/"/g, '""')}"` : `'${name}`
      expect(csv).toContain(`,${cell},`)
    }

    const other = await aUser(app, zone)
    expect((await importFile(other, zip)).body).toMatchObject({ code: true, data: { added: { workouts: 4 } } })
    const list = (await ok(other, '/v1/motion', {})).list as { name: string }[]
    expect(list.map((w) => w.name).sort()).toEqual([...names].sort())
  }, 60_000)
})
