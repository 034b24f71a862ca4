import type { Texts, WireLang } from './lang.ts'

/**
 * Every error a client can see: a stable code and its message in the three languages.
 * The en-US texts of spec §5 and §8 are kept word for word. `{field}` and `{seconds}`
 * are filled in by `errorMessage`.
 */
export const ERRORS = {
  // request shape
  UNKNOWN_METHOD: {
    'us-en': 'Unknown operation: {method}',
    'zh-cn': '未知的操作：{method}',
    'zh-hk': '未知的操作：{method}',
  },
  FIELD_REQUIRED: { 'us-en': '{field} is required', 'zh-cn': '请填写{field}', 'zh-hk': '請填寫{field}' },
  FIELD_INVALID: { 'us-en': '{field} is invalid', 'zh-cn': '{field}格式不正确', 'zh-hk': '{field}格式不正確' },
  FIELD_TOO_LONG: { 'us-en': '{field} is too long', 'zh-cn': '{field}过长', 'zh-hk': '{field}過長' },
  FIELD_UNKNOWN: {
    'us-en': 'Unexpected field: {field}',
    'zh-cn': '不支持的字段：{field}',
    'zh-hk': '不支援的欄位：{field}',
  },
  MALFORMED_BODY: {
    'us-en': 'The request body could not be read',
    'zh-cn': '请求内容无法解析',
    'zh-hk': '請求內容無法解析',
  },
  BODY_TOO_LARGE: { 'us-en': 'The request is too large', 'zh-cn': '请求内容过大', 'zh-hk': '請求內容過大' },
  RATE_LIMITED: {
    'us-en': 'Too many requests, please try again later',
    'zh-cn': '请求过于频繁，请稍后再试',
    'zh-hk': '請求過於頻繁，請稍後再試',
  },
  CSRF_REJECTED: {
    'us-en': 'This request was refused because it did not come from the app',
    'zh-cn': '请求来源不受信任，已被拒绝',
    'zh-hk': '請求來源不受信任，已被拒絕',
  },
  INTERNAL: {
    'us-en': 'Something went wrong, please try again later',
    'zh-cn': '服务异常，请稍后再试',
    'zh-hk': '服務異常，請稍後再試',
  },
  /** Must contain the word "Token": the client's session rule keys on it (spec §4). */
  TOKEN_INVALID: {
    'us-en': 'Token is invalid or expired, please log in again',
    'zh-cn': 'Token 无效或已过期，请重新登录',
    'zh-hk': 'Token 無效或已過期，請重新登入',
  },
  NOT_OPEN: { 'us-en': 'Not currently open', 'zh-cn': '暂未开放', 'zh-hk': '暫未開放' },
  /** Client-side: an identical request still in flight is cancelled (spec §8). */
  OPERATION_TOO_FREQUENT: {
    'us-en': 'operation too frequent, please try later',
    'zh-cn': '操作太频繁，请稍后再试',
    'zh-hk': '操作太頻繁，請稍後再試',
  },
  NETWORK: {
    'us-en': 'Network error, please check your connection',
    'zh-cn': '网络异常，请检查网络连接',
    'zh-hk': '網絡異常，請檢查網絡連接',
  },

  // spec §5 validation messages
  PRIVACY_NOT_AGREED: {
    'us-en': 'Please agree to the privacy policy first',
    'zh-cn': '请先同意隐私政策',
    'zh-hk': '請先同意隱私政策',
  },
  EMAIL_INVALID: {
    'us-en': 'Enter the correct email address',
    'zh-cn': '请输入正确的邮箱地址',
    'zh-hk': '請輸入正確的郵箱地址',
  },
  EMAIL_REQUIRED: {
    'us-en': 'Please enter your email address',
    'zh-cn': '请输入邮箱地址',
    'zh-hk': '請輸入郵箱地址',
  },
  PASSWORD_MISMATCH: {
    'us-en': 'Two passwords are inconsistent',
    'zh-cn': '两次密码不一致',
    'zh-hk': '兩次密碼不一致',
  },
  PASSWORD_REQUIRED: { 'us-en': 'Please input a password', 'zh-cn': '请输入密码', 'zh-hk': '請輸入密碼' },
  PASSWORD_INVALID: {
    'us-en': 'The password must be 6-20 characters without spaces',
    'zh-cn': '密码须为6-20位且不含空格',
    'zh-hk': '密碼須為6-20位且不含空格',
  },
  PHONE_REQUIRED: {
    'us-en': 'Please enter your phone number',
    'zh-cn': '请输入手机号',
    'zh-hk': '請輸入手機號',
  },
  PHONE_INVALID: {
    'us-en': 'Enter the correct phone number',
    'zh-cn': '请输入正确的手机号',
    'zh-hk': '請輸入正確的手機號',
  },
  CHAT_BLANK: { 'us-en': 'Cannot send blank messages', 'zh-cn': '不能发送空白消息', 'zh-hk': '不能發送空白消息' },
  QUESTIONNAIRE_INCOMPLETE: {
    'us-en': 'Please select all the questions.',
    'zh-cn': '请完成所有问题的选择。',
    'zh-hk': '請完成所有問題的選擇。',
  },
  MNEMONIC_ORDER: {
    'us-en': 'The order of mnemonic words is incorrect, please rearrange them.',
    'zh-cn': '助记词顺序不正确，请重新排列。',
    'zh-hk': '助記詞順序不正確，請重新排列。',
  },
  MNEMONIC_INVALID: {
    'us-en': 'The mnemonic must be 12 words separated by spaces',
    'zh-cn': '助记词须为以空格分隔的12个单词',
    'zh-hk': '助記詞須為以空格分隔的12個單詞',
  },
  WALLET_PASSWORD_INVALID: {
    'us-en': 'The wallet password must be 8-20 characters',
    'zh-cn': '钱包密码须为8-20位字符',
    'zh-hk': '錢包密碼須為8-20位字元',
  },

  // accounts
  CODE_REQUIRED: {
    'us-en': 'Please enter the verification code',
    'zh-cn': '请输入验证码',
    'zh-hk': '請輸入驗證碼',
  },
  CODE_INVALID: {
    'us-en': 'The verification code is incorrect',
    'zh-cn': '验证码不正确',
    'zh-hk': '驗證碼不正確',
  },
  CODE_EXPIRED: {
    'us-en': 'The verification code has expired or was used up, please request a new one',
    'zh-cn': '验证码已失效，请重新获取',
    'zh-hk': '驗證碼已失效，請重新獲取',
  },
  CODE_COOLDOWN: {
    'us-en': 'Please wait {seconds} seconds before requesting another code',
    'zh-cn': '请在{seconds}秒后再获取验证码',
    'zh-hk': '請在{seconds}秒後再獲取驗證碼',
  },
  SMS_UNAVAILABLE: {
    'us-en': 'Text messages are not available, please use your email address',
    'zh-cn': '短信服务暂不可用，请使用邮箱',
    'zh-hk': '短信服務暫不可用，請使用郵箱',
  },
  ACCOUNT_EXISTS: {
    'us-en': 'This account is already registered',
    'zh-cn': '该账号已注册',
    'zh-hk': '該帳號已註冊',
  },
  ACCOUNT_NOT_FOUND: {
    'us-en': 'This account is not registered',
    'zh-cn': '该账号未注册',
    'zh-hk': '該帳號未註冊',
  },
  LOGIN_FAILED: {
    'us-en': 'Incorrect account or password',
    'zh-cn': '账号或密码错误',
    'zh-hk': '帳號或密碼錯誤',
  },
  TOO_MANY_ATTEMPTS: {
    'us-en': 'Too many failed attempts, please try again later',
    'zh-cn': '失败次数过多，请稍后再试',
    'zh-hk': '失敗次數過多，請稍後再試',
  },
  GOOGLE_CODE_REQUIRED: {
    'us-en': 'Please enter the Google authenticator code',
    'zh-cn': '请输入谷歌验证码',
    'zh-hk': '請輸入谷歌驗證碼',
  },
  GOOGLE_CODE_INVALID: {
    'us-en': 'The Google authenticator code is incorrect',
    'zh-cn': '谷歌验证码不正确',
    'zh-hk': '谷歌驗證碼不正確',
  },
  INVITE_CODE_INVALID: {
    'us-en': 'The invitation code does not exist',
    'zh-cn': '邀请码不存在',
    'zh-hk': '邀請碼不存在',
  },
  ARTICLE_NOT_FOUND: {
    'us-en': 'This article does not exist',
    'zh-cn': '文章不存在',
    'zh-hk': '文章不存在',
  },
} as const satisfies Record<string, Texts>

export type ErrorCode = keyof typeof ERRORS

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERRORS, value)
}

/** Field names as a person reads them, for the generic field messages. */
export const FIELD_LABELS: Record<string, Texts> = {
  account: { 'us-en': 'Account', 'zh-cn': '账号', 'zh-hk': '帳號' },
  password: { 'us-en': 'Password', 'zh-cn': '密码', 'zh-hk': '密碼' },
  repassword: { 'us-en': 'Confirm password', 'zh-cn': '确认密码', 'zh-hk': '確認密碼' },
  code: { 'us-en': 'Verification code', 'zh-cn': '验证码', 'zh-hk': '驗證碼' },
  type: { 'us-en': 'Type', 'zh-cn': '类型', 'zh-hk': '類型' },
  prefix: { 'us-en': 'Country code', 'zh-cn': '区号', 'zh-hk': '區號' },
  scene: { 'us-en': 'Purpose', 'zh-cn': '用途', 'zh-hk': '用途' },
  invite_code: { 'us-en': 'Invitation code', 'zh-cn': '邀请码', 'zh-hk': '邀請碼' },
  google_code: { 'us-en': 'Google authenticator code', 'zh-cn': '谷歌验证码', 'zh-hk': '谷歌驗證碼' },
  agree: { 'us-en': 'Privacy agreement', 'zh-cn': '隐私协议', 'zh-hk': '隱私協議' },
  page: { 'us-en': 'Page', 'zh-cn': '页码', 'zh-hk': '頁碼' },
  limit: { 'us-en': 'Page size', 'zh-cn': '每页数量', 'zh-hk': '每頁數量' },
  method: { 'us-en': 'Operation', 'zh-cn': '操作', 'zh-hk': '操作' },
}

export function fieldLabel(field: string, lang: WireLang): string {
  return FIELD_LABELS[field]?.[lang] ?? field
}

export type MessageArgs = { field?: string; seconds?: number; method?: string }

/** The message for a code in a language, with `{field}`, `{seconds}`, `{method}` filled in. */
export function errorMessage(code: ErrorCode, lang: WireLang, args: MessageArgs = {}): string {
  return ERRORS[code][lang].replace(/\{(field|seconds|method)\}/g, (_, key: keyof MessageArgs) => {
    if (key === 'field') return args.field ? fieldLabel(args.field, lang) : ''
    return String(args[key] ?? '')
  })
}
