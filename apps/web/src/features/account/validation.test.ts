import { describe, expect, it } from 'vitest'
import { checkLogin, checkRegister, type CredentialsForm } from './validation'

const filled: CredentialsForm & { agreed: boolean } = {
  type: 'email',
  account: 'runner@example.com',
  code: '123456',
  password: 'secret12',
  repassword: 'secret12',
  agreed: true,
}

const codeOf = (form: Partial<typeof filled>) => checkRegister({ ...filled, ...form })?.code ?? null

describe('register form checks', () => {
  it('reports the first problem in the spec order', () => {
    expect(codeOf({ account: '', code: '', password: '', agreed: false })).toBe('EMAIL_REQUIRED')
    expect(codeOf({ account: 'runner@', code: '' })).toBe('EMAIL_INVALID')
    expect(codeOf({ code: ' ', password: '' })).toBe('CODE_REQUIRED')
    expect(codeOf({ password: '', repassword: 'x' })).toBe('PASSWORD_REQUIRED')
    expect(codeOf({ password: 'short', repassword: 'other' })).toBe('PASSWORD_INVALID')
    expect(codeOf({ password: 'has space', repassword: 'has space' })).toBe('PASSWORD_INVALID')
    expect(codeOf({ repassword: 'secret13', agreed: false })).toBe('PASSWORD_MISMATCH')
    expect(codeOf({ agreed: false })).toBe('PRIVACY_NOT_AGREED')
    expect(codeOf({})).toBeNull()
  })

  it('checks a phone number on the phone tab', () => {
    expect(codeOf({ type: 'phone', account: '' })).toBe('PHONE_REQUIRED')
    expect(codeOf({ type: 'phone', account: '2345678901' })).toBe('PHONE_INVALID')
    expect(codeOf({ type: 'phone', account: '13800138000' })).toBeNull()
  })
})

describe('login form checks', () => {
  it('asks for the account, the password, then the Google code once it is shown', () => {
    expect(checkLogin({ account: ' ', password: 'x', googleCode: null })).toEqual({
      code: 'FIELD_REQUIRED',
      args: { field: 'account' },
    })
    expect(checkLogin({ account: 'a@b.co', password: '', googleCode: null })?.code).toBe('PASSWORD_REQUIRED')
    expect(checkLogin({ account: 'a@b.co', password: 'x', googleCode: '' })?.code).toBe('GOOGLE_CODE_REQUIRED')
    expect(checkLogin({ account: 'a@b.co', password: 'x', googleCode: null })).toBeNull()
  })

  it('asks for the mailed code once the server wants one', () => {
    expect(checkLogin({ account: 'a@b.co', password: 'x', googleCode: null, code: ' ' })?.code).toBe('CODE_REQUIRED')
    expect(checkLogin({ account: 'a@b.co', password: 'x', googleCode: null, code: '123456' })).toBeNull()
  })
})
