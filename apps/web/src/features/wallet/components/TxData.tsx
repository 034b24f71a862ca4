import { Segmented } from '@/shared/ui/Segmented'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import styles from './TxDetail.module.css'

/** Data sent with a transaction: as text when it is readable UTF-8, or as hex. */
export function TxData({ hex, text }: { hex: string; text: string }) {
  const { t } = useTranslation()
  const [mode, setMode] = useState<'text' | 'hex'>(text === '' ? 'hex' : 'text')
  return (
    <div className={`${styles.row} ${styles.dataRow}`}>
      <dt>{t('wallet.tx.data')}</dt>
      <dd>
        {text !== '' && (
          <Segmented
            className={styles.dataTabs}
            options={(['text', 'hex'] as const).map((m) => ({ value: m, label: t(`wallet.send.data.${m}`) }))}
            value={mode}
            onChange={setMode}
          />
        )}
        <output className={mode === 'hex' ? styles.mono : undefined}>{mode === 'text' ? text : hex}</output>
      </dd>
    </div>
  )
}
