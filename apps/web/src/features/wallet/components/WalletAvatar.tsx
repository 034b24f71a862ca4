import manage from './Manage.module.css'

/** A wallet's round badge: its initial on the brand gradient. */
export function WalletAvatar({ name, size = 44 }: { name: string; size?: number }) {
  const rem = `${size / 37.5}rem`
  return (
    <span className={manage.walletAvatar} style={{ width: rem, height: rem }} aria-hidden="true">
      {[...name.trim()][0]?.toUpperCase() ?? 'W'}
    </span>
  )
}
