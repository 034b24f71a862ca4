import { useEffect, useState } from 'react'
import { createPortal } from 'react-dom'
import { useTranslation } from 'react-i18next'

/** How long the launch image fades out once the launch time is over. */
const FADE_MS = 450

/**
 * The start screen (spec §1): the mark, the name and a heartbeat line are index.html's
 * `#launch`, painted before any script has loaded; this fills in the tagline in the user's
 * language and, when `leaving`, fades the screen out and removes it.
 */
export function LaunchScreen({ leaving }: { leaving: boolean }) {
  const { t } = useTranslation()
  const [screen] = useState(() => document.getElementById('launch'))
  const tagline = screen?.querySelector('.kn-launch-tagline')
  useEffect(() => {
    if (!screen || !leaving) return
    screen.classList.add('kn-leaving')
    screen.setAttribute('aria-hidden', 'true')
    const timer = setTimeout(() => screen.remove(), FADE_MS)
    return () => clearTimeout(timer)
  }, [screen, leaving])
  return tagline ? createPortal(t('app.launch.tagline'), tagline) : null
}

/** Time the launch screen has been on screen: since the page's first paint, or 0 before it. */
export function launchShownMs(): number {
  const painted = performance.getEntriesByName('first-contentful-paint')[0]?.startTime
  return painted === undefined ? 0 : performance.now() - painted
}
