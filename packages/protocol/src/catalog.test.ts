import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { CATALOG, CATALOG_BY_NAME } from './catalog.ts'
import { ADMIN_PATH, IDEMPOTENCY_KEYS, INDEX_PATH, LOGIN_PATH } from './method.ts'
import { SPEC_OPERATIONS } from './spec-operations.ts'

const names = CATALOG.map((m) => m.name)

describe('CATALOG', () => {
  it('holds every spec operation exactly once', () => {
    for (const name of SPEC_OPERATIONS)
      expect(
        names.filter((n) => n === name),
        name,
      ).toHaveLength(1)
  })

  it('holds login, posted to /v1/login/index', () => {
    expect(CATALOG_BY_NAME.get('/v1/login')?.path).toBe(LOGIN_PATH)
    expect(LOGIN_PATH).toBe('/v1/login/index')
  })

  it('posts everything else to /v1/index, the console to /v1/admin/index', () => {
    for (const m of CATALOG.filter((m) => m.name !== '/v1/login'))
      expect(m.path, m.name).toBe(m.feature === 'admin' ? ADMIN_PATH : INDEX_PATH)
  })

  it('names the idempotency key of every operation whose params carry one, and only of those', () => {
    const keys: readonly string[] = IDEMPOTENCY_KEYS
    for (const def of CATALOG) {
      const carried = Object.keys((def.params as { shape?: object }).shape ?? {}).filter((f) => keys.includes(f))
      expect(def.idempotencyKey ? [def.idempotencyKey] : [], def.name).toEqual(carried)
    }
  })

  it('has no duplicate names', () => {
    expect(new Set(names).size).toBe(names.length)
    expect(CATALOG_BY_NAME.size).toBe(CATALOG.length)
  })

  it('gives every method a params schema that parses {} without throwing', () => {
    for (const m of CATALOG) {
      expect(m.params, m.name).toBeInstanceOf(z.ZodType)
      const result = m.params.safeParse({})
      if (!result.success) expect(result.error.issues.length, m.name).toBeGreaterThan(0)
    }
  })
})
