import type { ReactNode } from 'react'
import styles from '../pages/Find.module.css'

/** A labelled number; the label names it for assistive technology too. */
export function Figure({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div className={styles.figure} role="group" aria-label={label}>
      <strong data-testid={testId}>{value}</strong>
      <span>{label}</span>
    </div>
  )
}
