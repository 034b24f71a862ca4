import { showSuccess } from '@/shared/ui/toast'
import type { account, ParamsIn } from '@kinetic/protocol'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSendCodeMutation } from '../account.queries'
import formStyles from '@/shared/ui/Form.module.css'

/** Seconds before another code may be requested when the server names no cooldown. */
const DEFAULT_COOLDOWN_S = 60

export type SendParams = ParamsIn<typeof account.sendCode>

/** A countdown: the seconds left, ticking once a second, and `start(seconds)` to begin one. */
function useCountdown(): [secondsLeft: number, start: (seconds: number) => void] {
  const [clock, setClock] = useState({ until: 0, now: 0 })
  useEffect(() => {
    if (clock.until <= clock.now) return
    const timer = setInterval(() => setClock((c) => ({ ...c, now: Date.now() })), 1000)
    return () => clearInterval(timer)
  }, [clock.until, clock.now])
  const start = (seconds: number) => {
    const now = Date.now()
    setClock({ until: now + seconds * 1000, now })
  }
  return [Math.max(0, Math.ceil((clock.until - clock.now) / 1000)), start]
}

/**
 * 'Send code': `params()` validates the account first (and returns null when it showed a
 * problem); after a sent code the button counts down before it can be used again.
 */
export function SendCodeButton({ params }: { params: () => SendParams | null }) {
  const { t } = useTranslation()
  const send = useSendCodeMutation()
  const [secondsLeft, startCountdown] = useCountdown()
  const onClick = () => {
    const request = params()
    if (!request) return
    send.mutate(request, {
      onSuccess: ({ cooldown }) => {
        showSuccess(t('common.toast.codeSent'))
        startCountdown(cooldown > 0 ? cooldown : DEFAULT_COOLDOWN_S)
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
