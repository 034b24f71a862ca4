import { describe, expect, it } from 'vitest'
import { type ErrorCode, errorMessage, fieldLabel, isErrorCode } from './errors.ts'
import { ERRORS } from './messages/tables.ts'
import { WIRE_LANGS } from './lang.ts'

const codes = Object.keys(ERRORS) as ErrorCode[]

describe('ERRORS', () => {
  it('has a non-empty message in all three languages for every code', () => {
    expect(codes.length).toBeGreaterThan(0)
    for (const code of codes) {
      for (const lang of WIRE_LANGS) expect(ERRORS[code][lang].trim(), `${code} ${lang}`).not.toBe('')
    }
  })

  it('names staking with the word the screens use ("stake", 质押, 質押)', () => {
    for (const code of codes) {
      expect(ERRORS[code]['us-en'], code).not.toMatch(/\b(un)?pledg/i)
      expect(ERRORS[code]['zh-cn'], code).not.toMatch(/解押|抵押/)
      expect(ERRORS[code]['zh-hk'], code).not.toMatch(/解押|抵押/)
    }
  })

  it.each([
    ['PRIVACY_NOT_AGREED', 'Please agree to the privacy policy first'],
    ['EMAIL_INVALID', 'Enter the correct email address'],
    ['EMAIL_REQUIRED', 'Please enter your email address'],
    ['PASSWORD_MISMATCH', 'Two passwords are inconsistent'],
    ['PASSWORD_REQUIRED', 'Please input a password'],
    ['CHAT_BLANK', 'Cannot send blank messages'],
    ['QUESTIONNAIRE_INCOMPLETE', 'Please select all the questions.'],
    ['MNEMONIC_ORDER', 'The order of mnemonic words is incorrect, please rearrange them.'],
    ['NOT_OPEN', 'Not currently open'],
  ] as const)('keeps the spec text of %s word for word in en-US', (code, text) => {
    expect(ERRORS[code]['us-en']).toBe(text)
    expect(errorMessage(code, 'us-en')).toBe(text)
  })

  it('shows OPERATION_TOO_FREQUENT in Chinese as the spec says', () => {
    expect(ERRORS.OPERATION_TOO_FREQUENT['zh-cn']).toBe('操作太频繁，请稍后再试')
  })

  it('mentions Token in every language of TOKEN_INVALID', () => {
    for (const lang of WIRE_LANGS) expect(ERRORS.TOKEN_INVALID[lang]).toContain('Token')
  })
})

describe('isErrorCode', () => {
  it('recognizes codes only', () => {
    expect(isErrorCode('EMAIL_INVALID')).toBe(true)
    expect(isErrorCode('Too big')).toBe(false)
    expect(isErrorCode('toString')).toBe(false)
    expect(isErrorCode(undefined)).toBe(false)
  })
})

describe('errorMessage', () => {
  it('fills {field} with the localized label', () => {
    expect(errorMessage('FIELD_REQUIRED', 'us-en', { field: 'password' })).toBe('Password is required')
    expect(errorMessage('FIELD_REQUIRED', 'zh-cn', { field: 'password' })).toBe('请填写密码')
    expect(errorMessage('FIELD_TOO_LONG', 'zh-hk', { field: 'account' })).toBe('帳號過長')
  })

  it('uses the raw field name when it has no label', () => {
    expect(errorMessage('FIELD_INVALID', 'us-en', { field: 'wallet_id' })).toBe('wallet_id is invalid')
    expect(fieldLabel('wallet_id', 'zh-cn')).toBe('wallet_id')
  })

  it('fills {seconds}', () => {
    expect(errorMessage('CODE_COOLDOWN', 'us-en', { seconds: 42 })).toBe(
      'Please wait 42 seconds before requesting another code',
    )
    expect(errorMessage('CODE_COOLDOWN', 'zh-cn', { seconds: 0 })).toBe('请在0秒后再获取验证码')
  })

  it('fills {method}', () => {
    expect(errorMessage('UNKNOWN_METHOD', 'us-en', { method: '/v1/nope' })).toBe('Unknown operation: /v1/nope')
  })

  it('leaves no placeholder behind', () => {
    for (const code of codes) {
      for (const lang of WIRE_LANGS) {
        expect(errorMessage(code, lang, { field: 'code', seconds: 60, method: '/v1/x' })).not.toMatch(/[{}]/)
      }
    }
  })
})
