import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowCount, startTestApp, type TestApp } from '../../../test/harness.ts'
import { aKey, aSignedInUser, ok, refused } from './wallet.testkit.ts'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app?.close())

describe('the address book', () => {
  it('adds, lists newest first, searches, edits and deletes entries', async () => {
    const client = await aSignedInUser(app)
    const mum = aKey().address
    const shop = aKey().address
    const added = await ok(client, '/v1/addrlistadd', { name: 'Mum', address: mum.toLowerCase(), notes: 'birthday' })
    expect(added).toMatchObject({ name: 'Mum', address: mum, notes: 'birthday' })
    expect(new Date(added.created_at).toISOString()).toBe(added.created_at)
    const second = await ok(client, '/v1/addrlistadd', { name: 'Coffee shop', address: shop })
    expect(second.notes).toBe('')

    const all = await ok(client, '/v1/addrlist')
    expect(all).toMatchObject({ total: 2, page: 1, limit: 20 })
    expect(all.list.map((e: { id: number }) => e.id)).toEqual([second.id, added.id])
    expect((await ok(client, '/v1/addrlist', { keyword: 'BIRTH' })).list.map((e: { id: number }) => e.id)).toEqual([
      added.id,
    ])
    expect((await ok(client, '/v1/addrlist', { keyword: shop.slice(2, 10) })).total).toBe(1)
    expect((await ok(client, '/v1/addrlist', { keyword: '%' })).total).toBe(0)
    const paged = await ok(client, '/v1/addrlist', { page: 2, limit: 1 })
    expect(paged).toMatchObject({ total: 2, page: 2, limit: 1, list: [{ id: added.id }] })

    const edited = await ok(client, '/v1/addrlistadd', { id: added.id, name: 'Mother', address: mum, notes: '' })
    expect(edited).toMatchObject({ id: added.id, name: 'Mother', notes: '' })
    expect(await ok(client, '/v1/addrlistdel', { id: added.id })).toEqual({ ok: true })
    expect((await ok(client, '/v1/addrlist')).list.map((e: { id: number }) => e.id)).toEqual([second.id])
    expect((await refused(client, '/v1/addrlistdel', { id: added.id })).error).toBe('ADDRESS_ENTRY_NOT_FOUND')
  })

  it('lets the same address be saved twice (under two names)', async () => {
    const client = await aSignedInUser(app)
    const address = aKey().address
    await ok(client, '/v1/addrlistadd', { name: 'Work', address })
    await ok(client, '/v1/addrlistadd', { name: 'Work (old)', address })
    expect((await ok(client, '/v1/addrlist')).total).toBe(2)
  })

  it('refuses a bad address, a name over 24 characters and notes over 200', async () => {
    const client = await aSignedInUser(app)
    const address = aKey().address
    expect((await refused(client, '/v1/addrlistadd', { name: 'x', address: '0x12' })).error).toBe('ADDRESS_INVALID')
    expect((await refused(client, '/v1/addrlistadd', { name: 'x'.repeat(25), address })).error).toBe('FIELD_TOO_LONG')
    expect((await refused(client, '/v1/addrlistadd', { name: 'x', address, notes: 'n'.repeat(201) })).error).toBe(
      'FIELD_TOO_LONG',
    )
    expect((await refused(client, '/v1/addrlistadd', { name: '', address })).error).toBe('FIELD_REQUIRED')
    expect((await ok(client, '/v1/addrlist')).total).toBe(0)
  })

  it("answers another user's entry as not found, and changes nothing", async () => {
    const owner = await aSignedInUser(app)
    const stranger = await aSignedInUser(app)
    const entry = await ok(owner, '/v1/addrlistadd', { name: 'Mine', address: aKey().address })

    const edit = await refused(stranger, '/v1/addrlistadd', { id: entry.id, name: 'Taken', address: aKey().address })
    expect(edit).toMatchObject({ error: 'ADDRESS_ENTRY_NOT_FOUND', msg: 'This address book entry does not exist' })
    expect((await refused(stranger, '/v1/addrlistdel', { id: entry.id })).error).toBe('ADDRESS_ENTRY_NOT_FOUND')
    expect((await ok(stranger, '/v1/addrlist')).total).toBe(0)
    expect((await ok(owner, '/v1/addrlist')).list).toEqual([entry])
    expect(await rowCount(app, 'address_book', 'name = $1', ['Taken'])).toBe(0)
  })
})
