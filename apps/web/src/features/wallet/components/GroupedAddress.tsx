import { useTranslation } from 'react-i18next'
import styles from './Wallet.module.css'

/** Hex characters per group: 0x then ten groups of four, the way the eye can check them. */
const GROUP = 4

/** `0x` and the 40 hex characters in groups of four ("0x", "7099", "7970", …). */
export function addressGroups(address: string): string[] {
  const hex = address.replace(/^0x/i, '')
  return [address.slice(0, address.length - hex.length), ...(hex.match(new RegExp(`.{1,${GROUP}}`, 'g')) ?? [])]
}

/**
 * A whole address to check character by character: never shortened, in groups of four in a
 * fixed-width font that wrap between groups. No spaces are added: it copies and reads as one.
 */
export function GroupedAddress({ address }: { address: string }) {
  return (
    <span className={styles.grouped} data-address={address}>
      {addressGroups(address).map((group, i) => (
        <span key={i} className={styles.group}>
          {group}
        </span>
      ))}
    </span>
  )
}

/** The first-time recipient warning: what to do, then the whole address to check. */
export function FirstTimeRecipient({ to }: { to: string }) {
  const { t } = useTranslation()
  return (
    <>
      <p className={styles.warnText}>{t('wallet.send.warn.firstText')}</p>
      <GroupedAddress address={to} />
    </>
  )
}
