import { CheckOutline, RightOutline } from 'antd-mobile-icons'
import type { ReactNode } from 'react'
import styles from './Menu.module.css'

/** A card of tappable rows (settings lists, account and language choices). */
export function Menu({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <div className={styles.menu} role="group" aria-label={label}>
      {children}
    </div>
  )
}

type MenuItemProps = {
  children: ReactNode
  onClick: () => void
  icon?: ReactNode
  description?: ReactNode
  extra?: ReactNode
  /** `arrow` leads somewhere; `checked` marks the current choice. */
  trailing?: 'arrow' | 'checked' | 'none'
}

export function MenuItem({ children, onClick, icon, description, extra, trailing = 'arrow' }: MenuItemProps) {
  return (
    <button
      type="button"
      className={styles.item}
      onClick={onClick}
      aria-current={trailing === 'checked' ? 'true' : undefined}
    >
      {icon && <span className={styles.icon}>{icon}</span>}
      <span className={styles.main}>
        <span>{children}</span>
        {description && <span className={styles.description}>{description}</span>}
      </span>
      {extra && <span className={styles.extra}>{extra}</span>}
      {trailing === 'arrow' && (
        <span className={styles.arrow} aria-hidden="true">
          <RightOutline />
        </span>
      )}
      {trailing === 'checked' && (
        <span className={styles.check} aria-hidden="true">
          <CheckOutline />
        </span>
      )}
    </button>
  )
}
