import { showSuccess } from '@/shared/ui/toast'
import type { account, ParamsIn } from '@kinetic/protocol'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSendCodeMutation } from '../account.queries'
import formStyles from '@/shared/ui/Form.module.css'

/** Seconds before another code may be requested when the server names no cooldown. */
const DEFAULT_COOLDOWN_S = 60

type SendParams = ParamsIn<typeof account.sendCode>

/** Seconds left until `until` (a timestamp), ticking once a second. */
function useSecondsLeft(until: number): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (until <= Date.now()) return
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [until])
  return Math.max(0, Math.ceil((until - now) / 1000))
}

/**
 * 'Send code': `params()` validates the account first (and returns null when it showed a
 * problem); after a sent code the button counts down before it can be used again.
 */
export function SendCodeButton({ params }: { params: () => SendParams | null }) {
  const { t } = useTranslation()
  const send = useSendCodeMutation()
  const [until, setUntil] = useState(0)
  const secondsLeft = useSecondsLeft(until)
  const onClick = () => {
    const request = params()
    if (!request) return
    send.mutate(request, {
      onSuccess: ({ cooldown }) => {
        showSuccess(t('common.toast.codeSent'))
        setUntil(Date.now() + (cooldown > 0 ? cooldown : DEFAULT_COOLDOWN_S) * 1000)
      },
    })
  }
  return (
    <button
      type="button"
      className={formStyles.textButton}
      disabled={send.isPending || secondsLeft > 0}
      onClick={onClick}
    >
      {secondsLeft > 0 ? t('account.form.resend', { seconds: secondsLeft }) : t('account.form.sendCode')}
    </button>
  )
}
