import { z } from 'zod'
import { method, LOGIN_PATH } from './method.ts'
import { EMAIL_MAX, isAccountPassword, isEmail, isPhone, VERIFICATION_CODE_RE } from './rules.ts'
import { int, none, okResult, optional, pendingResult, text } from './schema.ts'

export const ACCOUNT_TYPES = ['email', 'phone'] as const
export const CODE_SCENES = ['register', 'forget', 'bind', 'password', 'logoff'] as const

const accountType = z.enum(ACCOUNT_TYPES, 'FIELD_INVALID')
const prefix = optional(
  z
    .string()
    .trim()
    .regex(/^\d{1,4}$/, 'FIELD_INVALID'),
).default('86')
const code = z.string('CODE_REQUIRED').trim().min(1, 'CODE_REQUIRED').regex(VERIFICATION_CODE_RE, 'CODE_INVALID')
const password = z
  .string('PASSWORD_REQUIRED')
  .min(1, 'PASSWORD_REQUIRED')
  .max(64, 'PASSWORD_INVALID')
  .refine(isAccountPassword, 'PASSWORD_INVALID')
const accountText = z.string().trim().max(EMAIL_MAX, 'FIELD_TOO_LONG').default('')

/** The account is an e-mail address or an 11-digit phone number, as `type` says. */
function checkAccount(value: { type: (typeof ACCOUNT_TYPES)[number]; account: string }, ctx: z.RefinementCtx): void {
  const { type, account } = value
  const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['account'], message })
  if (type === 'email') {
    if (account === '') issue('EMAIL_REQUIRED')
    else if (!isEmail(account)) issue('EMAIL_INVALID')
  } else if (account === '') issue('PHONE_REQUIRED')
  else if (!isPhone(account)) issue('PHONE_INVALID')
}

function checkRepeat(value: { password: string; repassword: string }, ctx: z.RefinementCtx): void {
  if (value.password !== value.repassword)
    ctx.addIssue({ code: 'custom', path: ['repassword'], message: 'PASSWORD_MISMATCH' })
}

export const User = z.object({
  id: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
  gender: z.enum(['male', 'female', '']),
  birthday: z.string(),
  height: z.number().nullable(),
  weight: z.number().nullable(),
  stride: z.number().nullable(),
  hr_zone: z.number().nullable(),
  invite_code: z.string(),
  email: z.string(),
  phone: z.string(),
})
export type User = z.infer<typeof User>

export const phonePrefixes = method('/v1/code', {
  feature: 'account',
  summary: 'Phone country codes for the account forms',
  auth: false,
  params: none,
  result: z.object({ list: z.array(z.object({ prefix: z.string(), name: z.string() })) }),
})

export const sendCode = method('/v1/send', {
  feature: 'account',
  summary: 'Send a 6-digit verification code by e-mail (or text message)',
  auth: false,
  params: z
    .object({
      type: accountType,
      account: accountText,
      prefix,
      scene: z.enum(CODE_SCENES, 'FIELD_INVALID'),
    })
    .superRefine(checkAccount),
  result: z.object({ cooldown: z.number().int() }),
})

export const register = method('/v1/register', {
  feature: 'account',
  summary: 'Create an account with a verification code; signs it in',
  auth: false,
  params: z
    .object({
      type: accountType,
      account: accountText,
      prefix,
      code,
      password,
      repassword: z.string().max(64, 'PASSWORD_MISMATCH').default(''),
      invite_code: optional(text(16)),
      agree: z.literal('1', 'PRIVACY_NOT_AGREED'),
    })
    .superRefine(checkAccount)
    .superRefine(checkRepeat),
  result: z.object({ user: User }),
})

export const login = method('/v1/login', {
  feature: 'account',
  summary: 'Sign in with e-mail or phone and password (and the Google code when 2FA is on)',
  path: LOGIN_PATH,
  auth: false,
  params: z.object({
    account: z.string().trim().min(1, 'FIELD_REQUIRED').max(EMAIL_MAX, 'FIELD_TOO_LONG'),
    prefix,
    password: z.string('PASSWORD_REQUIRED').min(1, 'PASSWORD_REQUIRED').max(64, 'LOGIN_FAILED'),
    google_code: optional(
      z
        .string()
        .trim()
        .regex(/^\d{6}$/, 'GOOGLE_CODE_INVALID'),
    ),
  }),
  result: z.object({ user: User }),
})

export const forgotPassword = method('/v1/pass', {
  feature: 'account',
  summary: 'Set a new password with a verification code',
  auth: false,
  params: z
    .object({
      type: accountType,
      account: accountText,
      prefix,
      code,
      password,
      repassword: z.string().max(64, 'PASSWORD_MISMATCH').default(''),
    })
    .superRefine(checkAccount)
    .superRefine(checkRepeat),
  result: okResult,
})

export const userInfo = method('/v1/userinfo', {
  feature: 'account',
  summary: 'The signed-in user profile',
  auth: true,
  params: none,
  result: User,
})

export const SignedInAccount = z.object({
  id: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
  account: z.string(),
})

export const signedInAccounts = method('/v1/accounts', {
  feature: 'account',
  summary: 'Accounts signed in on this device (for switching without a password)',
  auth: false,
  params: none,
  result: z.object({ list: z.array(SignedInAccount) }),
})

export const logout = method('/v1/logout', {
  feature: 'account',
  summary: 'Sign out the acting account on this device; other accounts stay signed in',
  auth: true,
  params: none,
  result: okResult,
})

// Owned by issue 6 (Mine: profile and account security).
const issue6 = 'issue 6'
export const editProfile = method('/v1/infoedit', {
  feature: 'account',
  summary: 'Edit the profile',
  auth: true,
  pending: issue6,
  params: z.object({
    nickname: optional(text(32)),
    gender: optional(z.enum(['male', 'female'], 'FIELD_INVALID')),
    birthday: optional(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'FIELD_INVALID')),
    height: optional(int()),
    weight: optional(int()),
    stride: optional(int()),
    hr_zone: optional(int()),
  }),
  result: pendingResult,
})
export const uploadImage = method('/v1/image', {
  feature: 'account',
  summary: 'Upload an avatar image',
  auth: true,
  pending: issue6,
  params: z.object({ file: optional(text(200)) }),
  result: pendingResult,
})
export const uploadFile = method('/v1/file', {
  feature: 'account',
  summary: 'Upload an attachment',
  auth: true,
  pending: issue6,
  params: z.object({ file: optional(text(200)) }),
  result: pendingResult,
})
export const googleAuth = method('/v1/googleauth', {
  feature: 'account',
  summary: 'Bind a Google authenticator (TOTP)',
  auth: true,
  pending: issue6,
  params: z.object({ google_code: optional(text(6)), code: optional(text(6)) }),
  result: pendingResult,
})
export const changePassword = method('/v1/password', {
  feature: 'account',
  summary: 'Change the password after verification',
  auth: true,
  pending: issue6,
  params: z.object({
    password: optional(text(64)),
    repassword: optional(text(64)),
    code: optional(text(6)),
    google_code: optional(text(6)),
  }),
  result: pendingResult,
})
export const bindEmail = method('/v1/email', {
  feature: 'account',
  summary: 'Bind an e-mail address with a code sent to it',
  auth: true,
  pending: issue6,
  params: z.object({ account: optional(text(EMAIL_MAX)), code: optional(text(6)) }),
  result: pendingResult,
})
export const logoff = method('/v1/logoff', {
  feature: 'account',
  summary: 'Delete the account after verification',
  auth: true,
  pending: issue6,
  params: z.object({ code: optional(text(6)), google_code: optional(text(6)) }),
  result: pendingResult,
})
