import type { ReactNode } from 'react'
import styles from './Health.module.css'

export type StatItem = { label: string; value: ReactNode; unit?: string }

/**
 * Figures with their labels, as a description list: each figure is a labelled group
 * (`getByRole('group', {name})` reads it), the value first on screen, the label under it.
 */
export function Stats({ items, columns = 3 }: { items: readonly StatItem[]; columns?: 2 | 3 }) {
  return (
    <dl className={columns === 2 ? `${styles.stats} ${styles.two}` : styles.stats}>
      {items.map((item) => (
        <div key={item.label} className={styles.stat} role="group" aria-label={item.label}>
          <dt className={styles.statLabel}>{item.label}</dt>
          <dd className={item.unit ? `${styles.statValue} ${styles.withUnit}` : styles.statValue}>
            {item.value}
            {item.unit && <span className={styles.unit}>{item.unit}</span>}
          </dd>
        </div>
      ))}
    </dl>
  )
}
