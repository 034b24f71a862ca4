import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { onReplica, routedQuery } from './replica.ts'

/** A replica whose answers the test decides, recording what it was asked. */
function fakeReplica(answer: () => Promise<unknown>) {
  const asked: unknown[] = []
  const pool = { query: (text: unknown) => (asked.push(text), answer()) } as unknown as pg.Pool
  return { pool, asked }
}
const primary = async (text: unknown) => `primary:${String(text)}`
const sqlError = (code: string) => Object.assign(new pg.DatabaseError('refused', 0, 'error'), { code })
const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' })

describe('the replica route of the pool', () => {
  it('sends only statements made inside onReplica to the replica, never work left running after it', async () => {
    const replica = fakeReplica(async () => 'replica')
    const query = routedQuery(primary, replica.pool)
    expect(await query('a')).toBe('primary:a')
    let later: Promise<unknown> = Promise.resolve()
    expect(
      await onReplica(async () => {
        later = new Promise((resolve) => setTimeout(resolve, 10)).then(() => query('later'))
        return query('b')
      }),
    ).toBe('replica')
    expect(await later).toBe('primary:later')
    expect(replica.asked).toEqual(['b'])
  })

  it('answers from the primary while the replica cannot be reached, and tries it again only later', async () => {
    const replica = fakeReplica(async () => {
      throw refused()
    })
    const query = routedQuery(primary, replica.pool)
    expect(await onReplica(() => query('a'))).toBe('primary:a')
    expect(await onReplica(() => query('b'))).toBe('primary:b')
    expect(replica.asked).toEqual(['a'])
  })

  it('answers a read the replica cancelled for its recovery from the primary, without giving the replica up', async () => {
    let conflict = true
    const replica = fakeReplica(async () => {
      if (conflict) throw sqlError('40001')
      return 'replica'
    })
    const query = routedQuery(primary, replica.pool)
    expect(await onReplica(() => query('a'))).toBe('primary:a')
    conflict = false
    expect(await onReplica(() => query('b'))).toBe('replica')
  })

  it('lets any other error through: a write on the replica is a bug, not an outage', async () => {
    const replica = fakeReplica(async () => {
      throw sqlError('25006')
    })
    const query = routedQuery(primary, replica.pool)
    await expect(onReplica(() => query('insert'))).rejects.toMatchObject({ code: '25006' })
  })
})
