import { Logo } from '@/shared/ui/Logo'
import { activateWaitingVersion } from '@/sw/register'
import { Dialog } from 'antd-mobile'
import { useTranslation } from 'react-i18next'
import styles from './UpdateDialog.module.css'

/** Where the installer page lives, loaded by a plain page load (spec §2). */
const DOWNLOAD_PATH = '/download/'
/** How long 'Update Now' waits for the new service worker to install before it moves on. */
const ACTIVATE_WAIT_MS = 10_000

/**
 * 'Update Now': the new version's service worker, installed and waiting, is told to take over
 * (the one way the app moves to a new build), then the installer page loads.
 */
async function update(): Promise<void> {
  await Promise.race([activateWaitingVersion(), new Promise((resolve) => setTimeout(resolve, ACTIVATE_WAIT_MS))])
  window.location.href = window.location.origin + DOWNLOAD_PATH
}

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
      onAction={() => void update()}
    />
  )
}
