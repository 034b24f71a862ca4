import { Logo } from '@/shared/ui/Logo'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import styles from './LaunchScreen.module.css'

/** How long the launch image fades out once the launch time is over. */
const FADE_MS = 450

/** The start screen (spec §1): the mark, the name and a heartbeat line; fades out when `leaving`. */
export function LaunchScreen({ leaving }: { leaving: boolean }) {
  const { t } = useTranslation()
  const [gone, setGone] = useState(false)
  useEffect(() => {
    if (!leaving) return
    const timer = setTimeout(() => setGone(true), FADE_MS)
    return () => clearTimeout(timer)
  }, [leaving])
  if (gone) return null
  return (
    <div className={leaving ? `${styles.launch} ${styles.leaving}` : styles.launch} aria-hidden={leaving}>
      <Logo size={88} className={styles.logo} />
      <div className={styles.name}>Kinetic</div>
      <p className={styles.tagline}>{t('app.launch.tagline')}</p>
      <svg className={styles.pulse} viewBox="0 0 375 60" preserveAspectRatio="none" aria-hidden="true">
        <path d="M0 30h120l10-14 12 34 16-48 14 50 10-22h20l8-8 8 8h157" />
      </svg>
    </div>
  )
}
