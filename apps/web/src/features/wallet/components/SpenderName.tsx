import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { getAddress } from 'viem'
import { useKnownContract } from '../wallet.queries'
import styles from './Approvals.module.css'

/**
 * Who may spend: a contract Kinetic knows by its name (the exchange router, the treasury), its
 * address shown on tap; any other address as it is, EIP-55 checksummed.
 */
export function SpenderName({ address }: { address: string }) {
  const { t } = useTranslation()
  const known = useKnownContract()(address)
  const [open, setOpen] = useState(false)
  const checksummed = getAddress(address)
  if (!known) return <span className={styles.mono}>{checksummed}</span>
  return (
    <span className={styles.spender}>
      <button type="button" className={styles.name} aria-expanded={open} onClick={() => setOpen(!open)}>
        {t(`wallet.known.${known}`)}
      </button>
      {open && <span className={styles.mono}>{checksummed}</span>}
    </span>
  )
}
