import { randomUUID } from 'node:crypto'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, rowCounts, startTestApp, type TestApp } from '../../../test/harness.ts'
import { upload } from '../../../test/multipart.ts'
import { adminCall, usersAndOperator } from '../admin/admin.testkit.ts'

let app: TestApp
let alice: Client
let bob: Client
let ops: Client
beforeAll(async () => {
  app = await startTestApp()
  ;({ alice, bob, ops } = await usersAndOperator(app, 'files'))
})
afterAll(() => app.close())

/** Uploads a small screenshot with /v1/file as the web app does; answers its id and URL. */
async function screenshot(client: Client): Promise<{ id: string; url: string }> {
  const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#22d3ee' } })
    .png()
    .toBuffer()
  const { body } = await upload(client, '/v1/file', { name: 'shot.png', type: 'image/png', bytes })
  if (body.code !== true) throw new Error(`upload failed: ${JSON.stringify(body)}`)
  return body.data
}

const get = (client: Client, url: string) =>
  app.server.inject({
    method: 'GET',
    url,
    headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  })

describe('ticket attachments', () => {
  it('opens a ticket with my screenshots, readable by me and the operator, not by another user', async () => {
    const first = await screenshot(alice)
    const second = await screenshot(alice)
    const { body } = await alice.call('/v1/wrokadd', {
      cat_id: 1,
      title: 'Error screen',
      content: 'See the screenshots',
      attachments: [first.id, second.id],
    })
    const conversation = (await alice.call('/v1/wrokchat', { id: body.data.id })).body.data
    expect(conversation.ticket.attachments).toEqual([first.url, second.url])
    const seenByOps = (await adminCall(ops, '/admin/ticket', { id: body.data.id })).body.data
    expect(seenByOps.ticket.attachments).toEqual([first.url, second.url])

    expect((await get(alice, first.url)).statusCode).toBe(200)
    expect((await get(ops, first.url)).statusCode).toBe(200)
    expect((await get(bob, first.url)).statusCode).toBe(404)
    expect((await get(new Client(app.server), first.url)).statusCode).toBe(404)
  })

  it("refuses another user's file id like a missing one, writing nothing", async () => {
    const theirs = await screenshot(bob)
    const before = await rowCounts(app, ['tickets'])
    const params = { cat_id: 1, title: 'x', content: 'y' }
    const stolen = await alice.call('/v1/wrokadd', { ...params, attachments: [theirs.id] })
    const missing = await alice.call('/v1/wrokadd', { ...params, attachments: ['A'.repeat(22)] })
    expect(stolen.body).toMatchObject({ code: false, error: 'FILE_NOT_FOUND' })
    expect(stolen.body).toEqual(missing.body)
    expect(await rowCounts(app, ['tickets'])).toEqual(before)
    // an operator never reads a file no ticket or chat carries
    expect((await get(ops, theirs.url)).statusCode).toBe(404)
  })

  it('refuses more than six attachments', async () => {
    const ids = Array.from({ length: 7 }, () => 'A'.repeat(22))
    const { body } = await alice.call('/v1/wrokadd', { cat_id: 1, title: 'x', content: 'y', attachments: ids })
    expect(body).toMatchObject({ code: false, error: 'FIELD_INVALID' })
  })
})

describe('chat images', () => {
  it('sends an image alone or with text; blank without an image is refused', async () => {
    const image = await screenshot(alice)
    const sent = await alice.call('/v1/chatsend', { client_id: randomUUID(), image: image.id })
    expect(sent.body.data).toMatchObject({ from: 'user', content: '', image: image.url })
    expect((await get(ops, image.url)).statusCode).toBe(200)
    const both = await alice.call('/v1/chatsend', { client_id: randomUUID(), image: image.id, content: 'this one' })
    expect(both.body.data).toMatchObject({ content: 'this one', image: image.url })
    const blank = await alice.call('/v1/chatsend', { client_id: randomUUID(), content: '  ' })
    expect(blank.body).toMatchObject({ code: false, error: 'CHAT_BLANK' })
    const theirs = await screenshot(bob)
    const stolen = await alice.call('/v1/chatsend', { client_id: randomUUID(), image: theirs.id })
    expect(stolen.body).toMatchObject({ code: false, error: 'FILE_NOT_FOUND' })
  })
})
