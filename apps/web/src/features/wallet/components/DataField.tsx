import { Segmented } from '@/shared/ui/Segmented'
import { useTranslation } from 'react-i18next'
import type { TransferData } from '../lib/transferChecks'
import sendStyles from './Send.module.css'
import { TextAreaField } from './TextField'

/** Optional data sent with a BNB transfer: text (UTF-8) or hex. */
export function DataField({ value, onChange }: { value: TransferData; onChange: (value: TransferData) => void }) {
  const { t } = useTranslation()
  return (
    <div className={sendStyles.data}>
      <div className={sendStyles.dataHead}>
        <span className={sendStyles.legend}>{t('wallet.send.data.title')}</span>
        <Segmented
          className={sendStyles.dataTabs}
          options={(['text', 'hex'] as const).map((mode) => ({ value: mode, label: t(`wallet.send.data.${mode}`) }))}
          value={value.mode}
          onChange={(mode) => onChange({ mode, value: value.value })}
        />
      </div>
      <TextAreaField
        label={t(value.mode === 'text' ? 'wallet.send.data.textPlaceholder' : 'wallet.send.data.hexPlaceholder')}
        value={value.value}
        onChange={(text) => onChange({ mode: value.mode, value: text })}
        rows={2}
        maxLength={value.mode === 'text' ? 300 : 1000}
        mono={value.mode === 'hex'}
      />
    </div>
  )
}
