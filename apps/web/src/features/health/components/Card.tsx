import type { ReactNode } from 'react'
import styles from './Health.module.css'

/** A titled card of a report; the title names the region for assistive technology. */
export function Card({ title, note, children }: { title?: string; note?: ReactNode; children: ReactNode }) {
  return (
    <section className={styles.card} aria-label={title}>
      {title && (
        <h2 className={styles.cardHead}>
          <span>{title}</span>
          {note && <span className={styles.cardNote}>{note}</span>}
        </h2>
      )}
      {children}
    </section>
  )
}
