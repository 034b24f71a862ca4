import { errorMessage } from '@kinetic/protocol'
import { describe, expect, it } from 'vitest'
import { checkNewPassword, checkNewWallet } from './walletForm'

const ok = { name: 'Main', password: 'correct-horse', repassword: 'correct-horse', hint: '' }

describe('new wallet form', () => {
  it('accepts a name, an 8–20 character password repeated, and no hint', () => {
    expect(checkNewWallet(ok)).toBeNull()
    expect(checkNewWallet({ ...ok, password: '12345678', repassword: '12345678' })).toBeNull()
    expect(checkNewWallet({ ...ok, password: 'x'.repeat(20), repassword: 'x'.repeat(20) })).toBeNull()
  })

  it('asks for a name', () => {
    expect(checkNewWallet({ ...ok, name: '  ' })).toEqual({ code: 'FIELD_REQUIRED', args: { field: 'name' } })
  })

  it('refuses a password under 8 or over 20 characters with the wallet password message', () => {
    for (const password of ['1234567', 'x'.repeat(21)])
      expect(checkNewPassword({ ...ok, password, repassword: password })).toEqual({ code: 'WALLET_PASSWORD_INVALID' })
    expect(errorMessage('WALLET_PASSWORD_INVALID', 'us-en')).toBe('The wallet password must be 8-20 characters')
  })

  it('refuses a repetition that differs', () => {
    expect(checkNewPassword({ ...ok, repassword: 'correct-horsE' })).toEqual({ code: 'PASSWORD_MISMATCH' })
  })

  it('refuses a hint that contains the password (the hint is stored on the server)', () => {
    expect(checkNewPassword({ ...ok, hint: 'it is Correct-Horse!' })).toEqual({ text: 'hintRevealsPassword' })
    expect(checkNewPassword({ ...ok, hint: 'the horse one' })).toBeNull()
  })
})
