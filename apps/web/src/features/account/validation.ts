import { isAccountPassword, isEmail, isPhone, type account, type ErrorCode, type MessageArgs } from '@kinetic/protocol'

/** Client-side checks run before any request; each failure is one protocol message. */
export type Problem = { code: ErrorCode; args?: MessageArgs }

export type AccountType = (typeof account.ACCOUNT_TYPES)[number]

export type CredentialsForm = {
  type: AccountType
  account: string
  code: string
  password: string
  repassword: string
}

export function checkAccount(type: AccountType, value: string): Problem | null {
  const text = value.trim()
  if (type === 'email') {
    if (text === '') return { code: 'EMAIL_REQUIRED' }
    if (!isEmail(text)) return { code: 'EMAIL_INVALID' }
  } else {
    if (text === '') return { code: 'PHONE_REQUIRED' }
    if (!isPhone(text)) return { code: 'PHONE_INVALID' }
  }
  return null
}

/** Account, code, password, repeat — in that order (register and forgot password). */
export function checkCredentials(form: CredentialsForm): Problem | null {
  const accountProblem = checkAccount(form.type, form.account)
  if (accountProblem) return accountProblem
  if (form.code.trim() === '') return { code: 'CODE_REQUIRED' }
  if (form.password === '') return { code: 'PASSWORD_REQUIRED' }
  if (!isAccountPassword(form.password)) return { code: 'PASSWORD_INVALID' }
  if (form.password !== form.repassword) return { code: 'PASSWORD_MISMATCH' }
  return null
}

export function checkRegister(form: CredentialsForm & { agreed: boolean }): Problem | null {
  return checkCredentials(form) ?? (form.agreed ? null : { code: 'PRIVACY_NOT_AGREED' })
}

/** `code` and `googleCode` are null until the server asks for them. */
export function checkLogin(form: {
  account: string
  password: string
  googleCode: string | null
  code?: string | null
}): Problem | null {
  if (form.account.trim() === '') return { code: 'FIELD_REQUIRED', args: { field: 'account' } }
  if (form.password === '') return { code: 'PASSWORD_REQUIRED' }
  if (form.code != null && form.code.trim() === '') return { code: 'CODE_REQUIRED' }
  if (form.googleCode !== null && form.googleCode.trim() === '') return { code: 'GOOGLE_CODE_REQUIRED' }
  return null
}
