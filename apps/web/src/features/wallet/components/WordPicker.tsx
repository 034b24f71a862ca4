import { useTranslation } from 'react-i18next'
import { togglePick, type WordChip } from '../lib/wordOrder'
import styles from './Words.module.css'

/**
 * Numbered slots filled by tapping the shuffled chips; tapping a filled slot takes it back.
 * After a wrong order, the `misplaced` slots (from 0) are marked, and say so to a screen reader.
 */
export function WordPicker({
  chips,
  picked,
  onChange,
  misplaced,
}: {
  chips: readonly WordChip[]
  picked: readonly number[]
  onChange: (picked: number[]) => void
  misplaced: readonly number[]
}) {
  const { t } = useTranslation()
  const byId = new Map(chips.map((c) => [c.id, c.word]))
  return (
    <>
      <ol className={styles.slots} aria-label={t('wallet.verify.picked')}>
        {chips.map((_, i) => {
          const id = picked[i]
          const wrong = misplaced.includes(i)
          return (
            <li key={i}>
              {id === undefined ? (
                <span className={`${styles.slot} ${styles.slotEmpty}`}>
                  <span className={styles.index}>{i + 1}</span>
                </span>
              ) : (
                <button
                  type="button"
                  className={`${styles.slot} ${wrong ? styles.misplaced : ''}`}
                  aria-label={t(wrong ? 'wallet.verify.removeMisplaced' : 'wallet.verify.remove', {
                    word: byId.get(id),
                  })}
                  onClick={() => onChange(togglePick(picked, id))}
                >
                  <span className={styles.index}>{i + 1}</span>
                  <span>{byId.get(id)}</span>
                </button>
              )}
            </li>
          )
        })}
      </ol>
      <div className={styles.chips} role="group" aria-label={t('wallet.verify.choices')}>
        {chips.map((chip) => (
          <button
            key={chip.id}
            type="button"
            className={styles.chip}
            aria-pressed={picked.includes(chip.id)}
            disabled={picked.includes(chip.id)}
            onClick={() => onChange(togglePick(picked, chip.id))}
          >
            {chip.word}
          </button>
        ))}
      </div>
    </>
  )
}
