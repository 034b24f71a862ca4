import { Logo } from '@/shared/ui/Logo'
import { Dialog } from 'antd-mobile'
import { useTranslation } from 'react-i18next'
import styles from './UpdateDialog.module.css'

/** Where the installer page lives, loaded by a plain page load (spec §2). */
const DOWNLOAD_PATH = '/download/'

/** The blocking update dialog: no close action, only 'Update Now'. */
export default function UpdateDialog({ version }: { version: string }) {
  const { t } = useTranslation()
  return (
    <Dialog
      visible
      closeOnMaskClick={false}
      header={
        <div className={styles.header}>
          <Logo size={64} />
        </div>
      }
      title={t('app.update.title')}
      content={<div className={styles.version}>v{version}</div>}
      actions={[{ key: 'update', text: t('app.update.button'), bold: true }]}
      onAction={() => {
        window.location.href = window.location.origin + DOWNLOAD_PATH
      }}
    />
  )
}
