import { rem } from '@/shared/ui/rem'
import type { CSSProperties } from 'react'
import styles from './AccountAvatar.module.css'

/** The account's avatar picture, or a round badge with the first character of its name. */
export function AccountAvatar({ name, src, size = 44 }: { name: string; src?: string; size?: number }) {
  const style = { '--size': rem(size) } as CSSProperties
  if (src) return <img className={styles.avatar} style={style} src={src} alt="" />
  const initial = [...name.trim()][0] ?? '?'
  return (
    <span className={styles.avatar} style={style} aria-hidden="true">
      {initial}
    </span>
  )
}
