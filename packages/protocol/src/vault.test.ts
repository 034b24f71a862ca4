import { describe, expect, it } from 'vitest'
import { ERRORS } from './messages/tables.ts'
import { formatNumber } from './format.ts'
import { checkVault, VAULT_MAX_ITERATIONS, VAULT_MIN_ITERATIONS } from './vault.ts'

const b64 = (length: number) => btoa(String.fromCharCode(...new Uint8Array(length).fill(1)))
const good = { v: 1, kdf: 'pbkdf2-sha256', iter: 600_000, salt: b64(16), iv: b64(12), ct: b64(120) }
const check = (change: Record<string, unknown>) => checkVault(JSON.stringify({ ...good, ...change }))

describe('checkVault', () => {
  it('accepts a well-formed vault and hands back its bytes', () => {
    const checked = checkVault(JSON.stringify(good))
    expect(checked.ok && [checked.vault.iter, checked.vault.salt.length, checked.vault.ct.length]).toEqual([
      600_000, 16, 120,
    ])
  })

  it('names the part at fault', () => {
    expect(checkVault('legal winner thank year')).toEqual({ ok: false, code: 'VAULT_MALFORMED' })
    expect(check({ iter: VAULT_MIN_ITERATIONS - 1 })).toEqual({ ok: false, code: 'VAULT_ITERATIONS', part: 'iter' })
    expect(check({ iter: VAULT_MAX_ITERATIONS + 1 })).toMatchObject({ part: 'iter' })
    expect(check({ ct: b64(95) })).toMatchObject({ code: 'FIELD_INVALID', part: 'ct' })
    expect(check({ ct: b64(140 + 19 + 16 + 1) })).toMatchObject({ code: 'FIELD_INVALID', part: 'ct' })
    expect(check({ mnemonic: 'x' })).toEqual({ ok: false, code: 'FIELD_UNKNOWN', part: 'mnemonic' })
  })

  it('states the iteration bounds in its message as the checker applies them', () => {
    const [min, max] = [VAULT_MIN_ITERATIONS, VAULT_MAX_ITERATIONS].map((n) => formatNumber(n))
    for (const text of Object.values(ERRORS.VAULT_ITERATIONS)) {
      expect(text).toContain(min)
      expect(text).toContain(max)
    }
  })
})
