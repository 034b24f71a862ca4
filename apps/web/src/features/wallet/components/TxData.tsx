import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import styles from './TxDetail.module.css'
import formStyles from './Form.module.css'

/** Data sent with a transaction: as text when it is readable UTF-8, or as hex. */
export function TxData({ hex, text }: { hex: string; text: string }) {
  const { t } = useTranslation()
  const [mode, setMode] = useState<'text' | 'hex'>(text === '' ? 'hex' : 'text')
  return (
    <div className={`${styles.row} ${styles.dataRow}`}>
      <dt>{t('wallet.tx.data')}</dt>
      <dd>
        {text !== '' && (
          <div className={`${formStyles.tabs} ${styles.dataTabs}`} role="tablist">
            {(['text', 'hex'] as const).map((m) => (
              <button
                key={m}
                type="button"
                role="tab"
                aria-selected={mode === m}
                className={formStyles.tab}
                onClick={() => setMode(m)}
              >
                {t(`wallet.send.data.${m}`)}
              </button>
            ))}
          </div>
        )}
        <output className={mode === 'hex' ? styles.mono : undefined}>{mode === 'text' ? text : hex}</output>
      </dd>
    </div>
  )
}
