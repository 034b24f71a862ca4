import type { WireLang } from '@kinetic/protocol'
import type { Message } from '../../platform/mail/mailer.ts'

/** Where a message goes: the e-mail address, or `+prefix phone` for a text message. */
export interface Recipient {
  channel: 'email' | 'sms'
  address: string
}

type Letter = { subject: string; text: string }
type Letters<A extends unknown[] = []> = Record<WireLang, (...args: A) => Letter>

const CODE: Letters<[code: string]> = {
  'us-en': (code) => ({
    subject: 'Your Kinetic verification code',
    text: `Your verification code is ${code}. It is valid for 10 minutes. If you did not request it, ignore this message.`,
  }),
  'zh-cn': (code) => ({
    subject: 'Kinetic 验证码',
    text: `您的验证码是 ${code}，10 分钟内有效。如非本人操作，请忽略本消息。`,
  }),
  'zh-hk': (code) => ({
    subject: 'Kinetic 驗證碼',
    text: `您的驗證碼是 ${code}，10 分鐘內有效。如非本人操作，請忽略本訊息。`,
  }),
}

/** To the owner of an address someone tried to register (no code: the account exists). */
const REGISTER_ATTEMPT: Letters = {
  'us-en': () => ({
    subject: 'Someone tried to register with your address',
    text:
      'Someone tried to register a new Kinetic account with this address. It already belongs to your account, ' +
      'so no account was created and nothing changed. If it was you, sign in, or use "Forgot password" to set ' +
      'a new password. If it was not you, you can ignore this message.',
  }),
  'zh-cn': () => ({
    subject: '有人尝试用您的地址注册',
    text:
      '有人尝试用此地址注册新的 Kinetic 账号。该地址已属于您的账号，因此没有创建新账号，您的账号也没有任何变更。' +
      '如果是您本人，请直接登录，或通过“忘记密码”设置新密码；如果不是您，请忽略本消息。',
  }),
  'zh-hk': () => ({
    subject: '有人嘗試用您的地址註冊',
    text:
      '有人嘗試用此地址註冊新的 Kinetic 帳號。該地址已屬於您的帳號，因此沒有建立新帳號，您的帳號也沒有任何變更。' +
      '如果是您本人，請直接登入，或透過「忘記密碼」設定新密碼；如果不是您，請忽略本訊息。',
  }),
}

/** To the owner of an address someone tried to bind to another account. */
const BIND_ATTEMPT: Letters = {
  'us-en': () => ({
    subject: 'Someone tried to add your address to another account',
    text:
      'Someone tried to add this address to another Kinetic account. It already belongs to your account, ' +
      'so nothing changed. If it was you, remove it from this account first. If it was not you, you can ignore this message.',
  }),
  'zh-cn': () => ({
    subject: '有人尝试将您的地址绑定到其他账号',
    text: '有人尝试将此地址绑定到另一个 Kinetic 账号。该地址已属于您的账号，因此没有任何变更。如果是您本人，请先在本账号中解除；如果不是您，请忽略本消息。',
  }),
  'zh-hk': () => ({
    subject: '有人嘗試將您的地址綁定到其他帳號',
    text: '有人嘗試將此地址綁定到另一個 Kinetic 帳號。該地址已屬於您的帳號，因此沒有任何變更。如果是您本人，請先在本帳號中解除；如果不是您，請忽略本訊息。',
  }),
}

/** To the owner after repeated wrong passwords (once per burst). */
const FAILED_SIGN_INS: Letters<[failures: number]> = {
  'us-en': (failures) => ({
    subject: 'Repeated failed sign-ins to your Kinetic account',
    text:
      `There were ${failures} sign-ins with a wrong password to your Kinetic account in the last hour. ` +
      'Your account is safe: each address that keeps trying has to wait longer, and new addresses need a code ' +
      'sent to you. You can still sign in with your password as usual. If this was not you, consider changing ' +
      'your password and turning on the Google authenticator.',
  }),
  'zh-cn': (failures) => ({
    subject: '您的 Kinetic 账号多次登录失败',
    text:
      `过去一小时内，您的 Kinetic 账号有 ${failures} 次密码错误的登录尝试。您的账号是安全的：持续尝试的地址需要等待越来越久，` +
      '新地址还需要输入发送给您的验证码。您仍可照常用密码登录。如果不是您本人，建议修改密码并开启谷歌验证器。',
  }),
  'zh-hk': (failures) => ({
    subject: '您的 Kinetic 帳號多次登入失敗',
    text:
      `過去一小時內，您的 Kinetic 帳號有 ${failures} 次密碼錯誤的登入嘗試。您的帳號是安全的：持續嘗試的地址需要等待越來越久，` +
      '新地址還需要輸入傳送給您的驗證碼。您仍可照常用密碼登入。如果不是您本人，建議修改密碼並開啟 Google 驗證器。',
  }),
}

const message = (to: Recipient, letter: Letter): Message => ({ channel: to.channel, to: to.address, ...letter })

/** The account feature's mails, each in the language given (the account's own, where it has one). */
export const mails = {
  code: (to: Recipient, lang: WireLang, code: string) => message(to, CODE[lang](code)),
  registerAttempt: (to: Recipient, lang: WireLang) => message(to, REGISTER_ATTEMPT[lang]()),
  bindAttempt: (to: Recipient, lang: WireLang) => message(to, BIND_ATTEMPT[lang]()),
  failedSignIns: (to: Recipient, lang: WireLang, failures: number) => message(to, FAILED_SIGN_INS[lang](failures)),
}
