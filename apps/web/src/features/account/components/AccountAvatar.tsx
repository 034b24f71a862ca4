import { rem } from '@/shared/ui/rem'
import type { CSSProperties } from 'react'
import styles from './AccountAvatar.module.css'

/** A round badge with the first character of the account's name. */
export function AccountAvatar({ name, size = 44 }: { name: string; size?: number }) {
  const initial = [...name.trim()][0] ?? '?'
  return (
    <span className={styles.avatar} style={{ '--size': rem(size) } as CSSProperties} aria-hidden="true">
      {initial}
    </span>
  )
}
