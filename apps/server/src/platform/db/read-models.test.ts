import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../test/harness.ts'
import { aUser } from '../../features/health/health.testkit.ts'
// the read models' statements are defined when their features load
import '../../features/discover/index.ts'
import '../../features/home/index.ts'
import '../../features/wallet/index.ts'
import { statementText } from './named.ts'
import { feeds, loadDeclarations, renderTriggers, tablesOf, undeclared, type Feeds } from './read-models.ts'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app?.close())

const tablesRead = (statement: string) => tablesOf(statementText(statement))

describe('read models declare what they read; owners declare what they feed', () => {
  it('every table the read models’ statements read is listed by the read model and fed by its owner', async () => {
    const { feeds: all, models } = await loadDeclarations()
    expect(models.map((m) => m.name).sort()).toEqual(['discover', 'home', 'wallet'])
    expect(undeclared(all, models, tablesRead)).toEqual([])
  })

  it('names a table a read model reads that no owner declared', async () => {
    const { feeds: all, models } = await loadDeclarations()
    const withoutGoals = all.map((f) =>
      f.owner === 'health'
        ? { ...f, tables: Object.fromEntries(Object.entries(f.tables).filter(([t]) => t !== 'health_goals')) }
        : f,
    )
    expect(undeclared(withoutGoals, models, tablesRead)).toEqual([
      'home reads health_goals, but no owner declares that its writes move home',
    ])
    const home = models.find((m) => m.name === 'home')!
    const unlisted = { ...home, tables: home.tables.filter((t) => t !== 'energy_days') }
    expect(undeclared(all, [unlisted], tablesRead)).toEqual([
      "home's statement home.read reads energy_days, which home.reads does not list",
    ])
  })

  it('the database has a trigger on each table an owner declares, and on no other', async () => {
    const { feeds: all } = await loadDeclarations()
    const declared = all
      .flatMap((f) => Object.entries(f.tables))
      .filter(([, feed]) => !('coveredBy' in feed))
      .map(([table]) => table)
      .sort()
    const { rows } = await app.database.pool.query<{ table: string }>(
      `SELECT DISTINCT tgrelid::regclass::text AS table FROM pg_trigger
       WHERE tgname IN ('read_version', 'shared_version') ORDER BY 1`,
    )
    expect(rows.map((r) => r.table)).toEqual(declared)
  })
})

describe('the generated bumps', () => {
  /** A user with a row of versions (each at least 1), and the row. */
  async function aUserWithVersions() {
    const user = await aUser(app)
    await app.database.pool.query('INSERT INTO read_versions (user_id) VALUES ($1) ON CONFLICT DO NOTHING', [user.id])
    return { user, before: await versions(user.id) }
  }
  const versions = async (userId: number) => {
    const { rows } = await app.database.pool.query<{ home: string; discover: string }>(
      'SELECT home, discover FROM read_versions WHERE user_id = $1',
      [userId],
    )
    return { home: Number(rows[0]?.home ?? 0), discover: Number(rows[0]?.discover ?? 0) }
  }

  beforeAll(async () => {
    // two tables of a test owner: one coalesced (Home), one per statement (Discover)
    await app.database.pool.query('CREATE TABLE probe_rows (user_id bigint NOT NULL, n int NOT NULL)')
    await app.database.pool.query('CREATE TABLE probe_statements (user_id bigint NOT NULL, n int NOT NULL)')
    const probe: Feeds = feeds('probe', {
      probe_rows: { moves: ['home'], bump: 'coalesced' },
      probe_statements: { moves: ['discover'], bump: 'statement' },
    })
    const { feeds: all } = await loadDeclarations()
    for (const statement of renderTriggers([...all, probe]).split('--> statement-breakpoint'))
      await app.database.pool.query(statement)
  })

  it('a coalesced bump moves a user’s version once per transaction, at commit; a rolled-back one moves nothing', async () => {
    const { user, before } = await aUserWithVersions()
    const client = await app.database.pool.connect()
    try {
      await client.query('BEGIN')
      for (const n of [1, 2, 3]) await client.query('INSERT INTO probe_rows VALUES ($1, $2)', [user.id, n])
      expect(await versions(user.id)).toEqual(before)
      await client.query('COMMIT')
      expect(await versions(user.id)).toEqual({ ...before, home: before.home + 1 })
      await client.query('BEGIN')
      await client.query('INSERT INTO probe_rows VALUES ($1, 4)', [user.id])
      await client.query('ROLLBACK')
    } finally {
      client.release()
    }
    const after = await versions(user.id)
    expect(after.home).toBe(before.home + 1)
    expect(after.discover).toBe(before.discover)
  })

  it('a statement bump moves each user of the statement’s rows once, before commit', async () => {
    const [first, second] = [await aUserWithVersions(), await aUserWithVersions()]
    const [one, two] = [first.user, second.user]
    const before = [first.before, second.before]
    const client = await app.database.pool.connect()
    try {
      await client.query('BEGIN')
      await client.query('INSERT INTO probe_statements VALUES ($1, 1), ($1, 2), ($2, 3)', [one.id, two.id])
      const inside = await client.query<{ user_id: string; discover: string }>(
        'SELECT user_id, discover FROM read_versions WHERE user_id = ANY($1) ORDER BY user_id',
        [[one.id, two.id]],
      )
      expect(inside.rows.map((r) => Number(r.discover))).toEqual([before[0]!.discover + 1, before[1]!.discover + 1])
      await client.query('COMMIT')
    } finally {
      client.release()
    }
    expect((await versions(one.id)).home).toBe(before[0]!.home)
  })
})
