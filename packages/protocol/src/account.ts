import { z } from 'zod'
import { WIRE_LANGS } from './lang.ts'
import { method, LOGIN_PATH } from './method.ts'
import { EMAIL_MAX, isAccountPassword, isEmail, isPhone, VERIFICATION_CODE_RE } from './rules.ts'
import { id, int, isoTime, none, okResult, optional, text } from './schema.ts'

export const ACCOUNT_TYPES = ['email', 'phone'] as const
export const CODE_SCENES = ['register', 'forget', 'bind', 'password', 'logoff', 'login'] as const

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
/** A Google authenticator code (6 digits) or one of the account's recovery codes (`ABCD-EFGH`). */
export const GOOGLE_CODE_RE = /^(\d{6}|[A-Za-z2-9]{4}-?[A-Za-z2-9]{4})$/
const googleCode = z.string().trim().regex(GOOGLE_CODE_RE, 'GOOGLE_CODE_INVALID')
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
  /** The maximum heart rate (bpm) the zones are computed from; null: automatic, 220 − age. */
  hr_zone: z.number().nullable(),
  invite_code: z.string(),
  email: z.string(),
  phone: z.string(),
  /** IANA time zone: the user's local days (health, tasks) are counted in it. */
  time_zone: z.string(),
  /** Whether a Google authenticator is bound (sign-in and security checks ask for its code). */
  google_bound: z.boolean(),
  /** The language the account keeps (wire `lang`): its mails use it; a device without a choice of its own takes it at sign-in. */
  lang: z.enum(WIRE_LANGS),
})
export type User = z.infer<typeof User>

export const phonePrefixes = method('/v1/code', {
  readOnly: true,
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
      /**
       * The device's IANA time zone (`Intl.DateTimeFormat().resolvedOptions().timeZone`): the
       * account's local days and clock. Missing or not a zone: the server's default.
       */
      time_zone: optional(z.string()).transform((v) => (v === undefined ? undefined : canonicalTimeZone(v.trim()))),
    })
    .superRefine(checkAccount)
    .superRefine(checkRepeat),
  result: z.object({ user: User }),
})

export const login = method('/v1/login', {
  feature: 'account',
  summary:
    'Sign in with e-mail or phone and password (and the Google code when 2FA is on). After repeated wrong ' +
    "passwords an address waits (LOGIN_DELAYED); past the account's cap an address it has not signed in from " +
    'also needs `code`, sent with scene `login` (LOGIN_CODE_REQUIRED)',
  path: LOGIN_PATH,
  auth: false,
  params: z.object({
    account: z.string().trim().min(1, 'FIELD_REQUIRED').max(EMAIL_MAX, 'FIELD_TOO_LONG'),
    prefix,
    password: z.string('PASSWORD_REQUIRED').min(1, 'PASSWORD_REQUIRED').max(64, 'LOGIN_FAILED'),
    google_code: optional(googleCode),
    code: optional(z.string().trim().regex(VERIFICATION_CODE_RE, 'CODE_INVALID')),
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
  readOnly: true,
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
  readOnly: true,
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

// Mine: profile, uploads and account security.

/** A stored upload's id: 128 random bits, base64url. Unguessable; a wrong one reads as missing. */
export const FILE_ID_RE = /^[A-Za-z0-9_-]{22}$/
export const FileId = z.string('FILE_NOT_FOUND').trim().regex(FILE_ID_RE, 'FILE_NOT_FOUND')
/** Largest upload accepted, in bytes, before it is decoded. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024

export const StoredFile = z.object({
  id: z.string(),
  /** Where it is served: `GET /v1/files/<id>`. */
  url: z.string(),
  mime: z.string(),
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
})
export type StoredFile = z.infer<typeof StoredFile>

export const uploadImage = method('/v1/image', {
  feature: 'account',
  summary:
    'Upload an avatar (multipart/form-data with `file`: JPEG, PNG, WebP, GIF or HEIF/AVIF, ≤ 5 MiB, ≤ 40 megapixels); ' +
    'stored as a 256 px square WebP and made the profile avatar',
  auth: true,
  params: none,
  result: StoredFile,
})

export const uploadFile = method('/v1/file', {
  feature: 'account',
  summary:
    'Upload an attachment image (multipart/form-data with `file`, same types and limits as /v1/image); ' +
    're-encoded as WebP at most 2048 px; readable by its owner (and whoever a ticket or chat shares it with)',
  auth: true,
  params: none,
  result: StoredFile,
})

export const HEIGHT_CM = { min: 50, max: 250 } as const
export const WEIGHT_KG = { min: 20, max: 300 } as const
export const STRIDE_CM = { min: 30, max: 150 } as const
export const HR_MAX_BPM = { min: 100, max: 230 } as const
export const NICKNAME_MAX = 24
export const BIRTHDAY_MIN = '1900-01-01'

/** kg as typed: a number with at most one decimal (`,` or `.`), within {@link WEIGHT_KG} (profile and weight log). */
export const weightKg = () =>
  z
    .string('WEIGHT_INVALID')
    .trim()
    .regex(/^\d{1,3}([.,]\d)?$/, 'WEIGHT_INVALID')
    .transform((v) => Number(v.replace(',', '.')))
    .pipe(z.number().min(WEIGHT_KG.min, 'WEIGHT_RANGE').max(WEIGHT_KG.max, 'WEIGHT_RANGE'))

const between = (range: { min: number; max: number }, code: 'HEIGHT_RANGE' | 'STRIDE_RANGE') =>
  int().pipe(z.number().min(range.min, code).max(range.max, code))

/** A real calendar day `YYYY-MM-DD` from 1900 to today (UTC). */
export function isBirthday(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const day = new Date(`${value}T00:00:00Z`)
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) return false
  return value >= BIRTHDAY_MIN && value <= new Date().toISOString().slice(0, 10)
}

/** The canonical name of an IANA time zone (`asia/shanghai` → `Asia/Shanghai`), or undefined. */
export function canonicalTimeZone(value: string): string | undefined {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(value)) return undefined
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone
  } catch {
    return undefined
  }
}

export const editProfile = method('/v1/infoedit', {
  feature: 'account',
  summary:
    'Edit the profile: a field left out (or empty) stays as it is. Height and stride in cm, weight in kg (one decimal), ' +
    'hr_zone is the maximum heart rate in bpm (0: automatic, 220 − age), time_zone an IANA name',
  auth: true,
  params: z.object({
    nickname: optional(text(NICKNAME_MAX)),
    gender: optional(z.enum(['male', 'female'], 'FIELD_INVALID')),
    birthday: optional(z.string().trim().refine(isBirthday, 'BIRTHDAY_INVALID')),
    height: optional(between(HEIGHT_CM, 'HEIGHT_RANGE')),
    weight: optional(z.preprocess((v) => (typeof v === 'number' ? String(v) : v), weightKg())),
    stride: optional(between(STRIDE_CM, 'STRIDE_RANGE')),
    hr_zone: optional(int().refine((v) => v === 0 || (v >= HR_MAX_BPM.min && v <= HR_MAX_BPM.max), 'HR_MAX_RANGE')),
    time_zone: optional(
      z
        .string()
        .trim()
        .transform(
          (v, ctx) => canonicalTimeZone(v) ?? (ctx.addIssue({ code: 'custom', message: 'TIME_ZONE_INVALID' }), z.NEVER),
        ),
    ),
  }),
  result: User,
})

export const GOOGLE_ACTIONS = ['create', 'bind', 'unbind'] as const
export const RECOVERY_CODE_COUNT = 8

export const googleAuth = method('/v1/googleauth', {
  feature: 'account',
  summary:
    'Google authenticator (RFC 6238 TOTP, SHA-1, 30 s, 6 digits): `create` a new secret (otpauth:// URL for the QR), ' +
    '`bind` it with a current code (answers 8 one-time recovery codes, shown once), `unbind` with a code',
  auth: true,
  params: z.object({
    action: z.enum(GOOGLE_ACTIONS, 'FIELD_INVALID'),
    google_code: optional(googleCode),
  }),
  result: z.object({
    bound: z.boolean(),
    secret: z.string().optional(),
    otpauth_url: z.string().optional(),
    recovery_codes: z.array(z.string()).optional(),
  }),
})

/** Proof for a sensitive change: the Google code when one is bound, else an e-mail (or phone) code. */
const verification = {
  code: optional(z.string().trim().regex(VERIFICATION_CODE_RE, 'CODE_INVALID')),
  google_code: optional(googleCode),
}

export const changePassword = method('/v1/password', {
  feature: 'account',
  summary:
    'Change the password, verified by the Google code when bound, else by a code sent with scene `password`; ' +
    'every other session of the account ends',
  auth: true,
  params: z
    .object({
      password,
      repassword: z.string().max(64, 'PASSWORD_MISMATCH').default(''),
      ...verification,
    })
    .superRefine(checkRepeat),
  result: okResult,
})

export const bindEmail = method('/v1/email', {
  feature: 'account',
  summary:
    'Bind (or change) the e-mail address with a code sent to the new address (scene `bind`); with a Google ' +
    'authenticator bound, its code (or a recovery code) too',
  auth: true,
  params: z
    .object({
      type: z.literal('email').default('email'),
      account: accountText,
      code,
      google_code: optional(googleCode),
    })
    .superRefine(checkAccount),
  result: User,
})

export const logoff = method('/v1/logoff', {
  feature: 'account',
  summary:
    'Delete the account, verified like /v1/password (code scene `logoff`): personal data is removed, ' +
    'every session ends, the anonymized row stays for the ledger',
  auth: true,
  params: z.object(verification),
  result: okResult,
})

export const Session = z.object({
  id: z.number().int(),
  user_agent: z.string(),
  ip: z.string(),
  created_at: isoTime(),
  last_seen_at: isoTime(),
  /** The session making this request. */
  current: z.boolean(),
})

export const sessions = method('/v1/sessions', {
  readOnly: true,
  feature: 'account',
  summary: 'Devices where the account is signed in (live sessions), most recently seen first',
  auth: true,
  params: none,
  result: z.object({ list: z.array(Session) }),
})

export const endSession = method('/v1/sessiondel', {
  feature: 'account',
  summary: 'Sign the account out on one of its devices (its own sessions only)',
  auth: true,
  params: z.object({ id: id() }),
  result: okResult,
})
