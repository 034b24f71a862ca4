import { EyeOutline } from 'antd-mobile-icons'
import { useTranslation } from 'react-i18next'
import styles from './Words.module.css'

/**
 * The words numbered in order, in a grid. With `onReveal`, they stay blurred behind a
 * button until the person asks to see them (nobody reads over their shoulder by accident).
 */
export function WordGrid({ words, onReveal }: { words: readonly string[]; onReveal?: () => void }) {
  const { t } = useTranslation()
  return (
    <div className={styles.gridWrap}>
      <ol className={`${styles.grid} ${onReveal ? styles.blurred : ''}`} aria-label={t('wallet.backup.words')}>
        {words.map((word, i) => (
          <li key={i} className={styles.cell}>
            <span className={styles.index}>{i + 1}</span>
            <span className={styles.word}>{onReveal ? '•••••' : word}</span>
          </li>
        ))}
      </ol>
      {onReveal && (
        <button type="button" className={styles.reveal} onClick={onReveal}>
          <EyeOutline aria-hidden="true" />
          <span>{t('wallet.backup.reveal')}</span>
        </button>
      )}
    </div>
  )
}
