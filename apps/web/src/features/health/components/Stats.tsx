import type { ReactNode } from 'react'
import styles from './Health.module.css'

export type StatItem = { label: string; value: ReactNode; unit?: string }

/**
 * Figures with their labels: each figure is a labelled group (`getByRole('group', {name})` reads
 * it), the value first on screen, the label under it. Not a description list: a `<dl>` may not
 * hold groups, and the group already names its figure.
 */
export function Stats({ items, columns = 3 }: { items: readonly StatItem[]; columns?: 2 | 3 }) {
  return (
    <div className={columns === 2 ? `${styles.stats} ${styles.two}` : styles.stats}>
      {items.map((item) => (
        <div key={item.label} className={styles.stat} role="group" aria-label={item.label}>
          <div className={styles.statLabel}>{item.label}</div>
          <div className={item.unit ? `${styles.statValue} ${styles.withUnit}` : styles.statValue}>
            {item.value}
            {item.unit && <span className={styles.unit}>{item.unit}</span>}
          </div>
        </div>
      ))}
    </div>
  )
}
