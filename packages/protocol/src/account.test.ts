import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import {
  CODE_SCENES,
  editProfile,
  forgotPassword,
  HEIGHT_CM,
  HR_MAX_BPM,
  login,
  register,
  sendCode,
  STRIDE_CM,
  WEIGHT_KG,
} from './account.ts'
import { errorMessage } from './errors.ts'
import { WIRE_LANGS } from './lang.ts'

/** The issues of a failed parse as `path: message`, e.g. `account: EMAIL_INVALID`. */
function issues(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input)
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
}

/** Form-encoded register body: every value a string. */
const validRegister = {
  type: 'email',
  account: 'a@b.cn',
  code: '123456',
  password: 'secret1',
  repassword: 'secret1',
  agree: '1',
}

describe('register', () => {
  it('accepts a form-encoded body and defaults the phone prefix to 86', () => {
    const result = register.params.safeParse(validRegister)
    expect(result.success).toBe(true)
    expect(result.data).toMatchObject({ ...validRegister, prefix: '86' })
    expect(result.data?.invite_code).toBeUndefined()
  })

  it('accepts a phone account with its prefix and an invitation code', () => {
    const body = { ...validRegister, type: 'phone', account: '13800138000', prefix: '852', invite_code: 'ABC123' }
    expect(register.params.parse(body)).toMatchObject({ prefix: '852', invite_code: 'ABC123' })
  })

  it('refuses a missing agreement with PRIVACY_NOT_AGREED', () => {
    const { agree: _, ...body } = validRegister
    expect(issues(register.params, body)).toEqual(['agree: PRIVACY_NOT_AGREED'])
    expect(issues(register.params, { ...validRegister, agree: '0' })).toEqual(['agree: PRIVACY_NOT_AGREED'])
  })

  it('asks for the e-mail address when it is empty', () => {
    expect(issues(register.params, { ...validRegister, account: '' })).toEqual(['account: EMAIL_REQUIRED'])
    expect(issues(register.params, { ...validRegister, account: '   ' })).toEqual(['account: EMAIL_REQUIRED'])
  })

  it('refuses a bad e-mail address with EMAIL_INVALID', () => {
    expect(issues(register.params, { ...validRegister, account: 'not-an-email' })).toEqual(['account: EMAIL_INVALID'])
  })

  it('refuses a bad phone number with PHONE_INVALID', () => {
    const body = { ...validRegister, type: 'phone', account: '2380013800' }
    expect(issues(register.params, body)).toEqual(['account: PHONE_INVALID'])
  })

  it('refuses mismatched passwords with PASSWORD_MISMATCH on repassword', () => {
    expect(issues(register.params, { ...validRegister, repassword: 'secret2' })).toEqual([
      'repassword: PASSWORD_MISMATCH',
    ])
  })

  it('refuses a password with a space with PASSWORD_INVALID', () => {
    const body = { ...validRegister, password: 'sec ret1', repassword: 'sec ret1' }
    expect(issues(register.params, body)).toEqual(['password: PASSWORD_INVALID'])
  })

  it('refuses a missing password with PASSWORD_REQUIRED', () => {
    const { password: _, ...body } = validRegister
    expect(issues(register.params, body)).toContain('password: PASSWORD_REQUIRED')
  })

  it('refuses a verification code that is not 6 digits', () => {
    expect(issues(register.params, { ...validRegister, code: '12345' })).toEqual(['code: CODE_INVALID'])
  })

  it('refuses an unknown account type', () => {
    expect(issues(register.params, { ...validRegister, type: 'fax' })).toEqual(['type: FIELD_INVALID'])
  })
})

describe('forgotPassword', () => {
  it('checks the account and the repeated password like register', () => {
    const { agree: _, ...body } = validRegister
    expect(forgotPassword.params.safeParse(body).success).toBe(true)
    expect(issues(forgotPassword.params, { ...body, repassword: 'other12' })).toEqual(['repassword: PASSWORD_MISMATCH'])
  })
})

describe('sendCode', () => {
  const body = { type: 'email', account: 'a@b.cn' }

  it.each(CODE_SCENES)('accepts scene %s', (scene) => {
    expect(sendCode.params.safeParse({ ...body, scene }).success).toBe(true)
  })

  it('accepts exactly the five scenes of the design and `login` (a sign-in past the failure cap)', () => {
    expect([...CODE_SCENES]).toEqual(['register', 'forget', 'bind', 'password', 'logoff', 'login'])
  })

  it('refuses other scenes with FIELD_INVALID', () => {
    expect(issues(sendCode.params, { ...body, scene: 'signin' })).toEqual(['scene: FIELD_INVALID'])
    expect(issues(sendCode.params, body)).toEqual(['scene: FIELD_INVALID'])
  })

  it('checks the account against its type', () => {
    expect(issues(sendCode.params, { type: 'phone', account: '', scene: 'register' })).toEqual([
      'account: PHONE_REQUIRED',
    ])
  })
})

describe('login', () => {
  const body = { account: 'a@b.cn', password: 'secret1' }

  it('accepts account and password, with an optional google_code', () => {
    expect(login.params.safeParse(body).success).toBe(true)
    expect(login.params.parse({ ...body, google_code: '' }).google_code).toBeUndefined()
    expect(login.params.parse({ ...body, google_code: '123456' }).google_code).toBe('123456')
  })

  it("refuses google_code 'abc' with GOOGLE_CODE_INVALID", () => {
    expect(issues(login.params, { ...body, google_code: 'abc' })).toEqual(['google_code: GOOGLE_CODE_INVALID'])
  })

  it('requires the account and password', () => {
    expect(issues(login.params, { account: '', password: '' })).toEqual([
      'account: FIELD_REQUIRED',
      'password: PASSWORD_REQUIRED',
    ])
  })
})

describe('editProfile: the body measures', () => {
  it('takes the weight with one decimal, as the weight log does', () => {
    expect(editProfile.params.parse({ weight: '57.5' }).weight).toBe(57.5)
    expect(editProfile.params.parse({ weight: '57,5' }).weight).toBe(57.5)
    expect(issues(editProfile.params, { weight: '57.55' })).toEqual(['weight: WEIGHT_INVALID'])
    expect(issues(editProfile.params, { weight: 'heavy' })).toEqual(['weight: WEIGHT_INVALID'])
    expect(issues(editProfile.params, { weight: '300.1' })).toEqual(['weight: WEIGHT_RANGE'])
  })

  it('names the range of each measure in every language, from the limits the server applies', () => {
    const ranges = [
      ['HEIGHT_RANGE', HEIGHT_CM],
      ['WEIGHT_RANGE', WEIGHT_KG],
      ['STRIDE_RANGE', STRIDE_CM],
      ['HR_MAX_RANGE', HR_MAX_BPM],
    ] as const
    for (const [code, { min, max }] of ranges)
      for (const lang of WIRE_LANGS) expect(errorMessage(code, lang)).toMatch(new RegExp(`\\b${min}\\b.*\\b${max}\\b`))
  })
})
