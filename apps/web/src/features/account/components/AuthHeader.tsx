import { Logo } from '@/shared/ui/Logo'
import styles from './AuthForm.module.css'

export function AuthHeader({ heading, subtitle }: { heading: string; subtitle?: string }) {
  return (
    <header className={styles.header}>
      <Logo size={48} />
      <h1 className={styles.heading}>{heading}</h1>
      {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
    </header>
  )
}
