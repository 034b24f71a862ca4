import { methodQuery } from '@/api'
import { showSuccess, showToast } from '@/shared/ui/toast'
import { account } from '@kinetic/protocol'
import { useQuery } from '@tanstack/react-query'
import { Button, Popup } from 'antd-mobile'
import { CloseOutline } from 'antd-mobile-icons'
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import formStyles from './Form.module.css'
import styles from './CsvExportSheet.module.css'

/** What a CSV export answers (protocol's CsvFile). */
export type CsvFile = { csv: string; rows: number; time_zone: string }
export type DayRange = { from: string; to: string }

type CsvExportSheetProps = {
  visible: boolean
  onClose: () => void
  title: string
  /** The file name in the user's language for the chosen days. */
  fileName: (range: DayRange) => string
  load: (range: DayRange) => Promise<CsvFile>
}

/** `YYYY-MM-DD` of an instant in a time zone (the device's when none is given). */
const dayOf = (at: Date, timeZone?: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at)

/**
 * The last 30 days, today included, counted in the account's time zone: the days the server
 * reads the range in (users.time_zone), which may differ from this device's.
 */
function lastMonth(timeZone?: string): DayRange {
  const now = Date.now()
  return { from: dayOf(new Date(now - 29 * 86_400_000), timeZone), to: dayOf(new Date(now), timeZone) }
}

/**
 * Saves a text file through the browser's download. A UTF-8 byte order mark goes first so a
 * spreadsheet opening the CSV reads Chinese text as UTF-8 (ADR csv-exports).
 */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/** A bottom sheet choosing the days of a CSV export, then downloading it. */
export function CsvExportSheet({ visible, onClose, title, fileName, load }: CsvExportSheetProps) {
  const { t } = useTranslation()
  const zone = useQuery({ ...methodQuery(account.userInfo), enabled: visible }).data?.time_zone
  // untouched, the days are the last 30 in the account's zone (once it is known)
  const [chosen, setChosen] = useState<DayRange | null>(null)
  const range = chosen ?? lastMonth(zone)
  const setRange = (change: (r: DayRange) => DayRange) => setChosen(change(range))
  const [busy, setBusy] = useState(false)
  const fromId = useId()
  const toId = useId()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    if (range.from > range.to) return showToast(t('common.export.rangeInvalid'))
    setBusy(true)
    try {
      const file = await load(range)
      downloadText(file.csv, fileName(range))
      showSuccess(t('common.export.done', { count: file.rows }))
      onClose()
    } finally {
      setBusy(false)
    }
  }

  return (
    <Popup visible={visible} onMaskClick={onClose} bodyClassName={styles.sheet} destroyOnClose>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={title}>
        <header className={styles.header}>
          <h2 className={styles.title}>{title}</h2>
          <button type="button" className={styles.close} aria-label={t('common.cancel')} onClick={onClose}>
            <CloseOutline />
          </button>
        </header>
        <div className={formStyles.form}>
          <label className={styles.field} htmlFor={fromId}>
            <span>{t('common.export.from')}</span>
            <input
              id={fromId}
              type="date"
              required
              value={range.from}
              max={range.to}
              onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))}
            />
          </label>
          <label className={styles.field} htmlFor={toId}>
            <span>{t('common.export.to')}</span>
            <input
              id={toId}
              type="date"
              required
              value={range.to}
              min={range.from}
              onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))}
            />
          </label>
          <p className={styles.note}>{t('common.export.note')}</p>
          <Button
            type="submit"
            block
            color="primary"
            className={formStyles.submit}
            loading={busy}
            disabled={zone === undefined}
          >
            {t('common.export.download')}
          </Button>
        </div>
      </form>
    </Popup>
  )
}
