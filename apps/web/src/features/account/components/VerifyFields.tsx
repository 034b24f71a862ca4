import type { account } from '@kinetic/protocol'
import { useTranslation } from 'react-i18next'
import { GoogleCodeField, SentCodeField } from './CodeFields'
import mine from '../pages/MinePages.module.css'

export type Verification = { code: string; google_code: string }

/** Where the account's own codes are sent: its e-mail, else its phone (`+86 138…`). */
function ownTarget(user: account.User) {
  if (user.email) return { type: 'email' as const, account: user.email }
  const [prefix = '', phone = ''] = user.phone.replace('+', '').split(' ')
  return { type: 'phone' as const, account: phone, prefix }
}

/**
 * The proof a sensitive change needs: the Google authenticator code (or a recovery code)
 * when one is bound, else a code sent to the account's own address for `scene`.
 */
export function VerifyFields({
  user,
  scene,
  value,
  onChange,
}: {
  user: account.User
  scene: 'password' | 'logoff'
  value: Verification
  onChange: (patch: Partial<Verification>) => void
}) {
  const { t } = useTranslation()
  if (user.google_bound) {
    return <GoogleCodeField value={value.google_code} onChange={(google_code) => onChange({ google_code })} />
  }
  const target = ownTarget(user)
  return (
    <>
      <p className={mine.hint}>{t('account.verify.sentTo', { address: user.email || user.phone })}</p>
      <SentCodeField value={value.code} onChange={(code) => onChange({ code })} params={() => ({ ...target, scene })} />
    </>
  )
}

/** The params of the proof: only the one the server will check. */
export function verificationParams(user: account.User, value: Verification) {
  return user.google_bound ? { google_code: value.google_code.trim() } : { code: value.code.trim() }
}
