import { QRCodeSVG } from 'qrcode.react'
import styles from './QrCode.module.css'

/** A QR code on a white tile (scanners need the contrast on the dark theme). */
export function QrCode({ value, size = 200, label }: { value: string; size?: number; label: string }) {
  return (
    <div className={styles.tile} role="img" aria-label={label}>
      <QRCodeSVG value={value} size={size} level="M" marginSize={0} className={styles.code} />
    </div>
  )
}
