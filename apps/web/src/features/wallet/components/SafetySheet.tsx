import { Button, Popup } from 'antd-mobile'
import { EyeInvisibleOutline, KeyOutline, LockOutline } from 'antd-mobile-icons'
import { useTranslation } from 'react-i18next'
import formStyles from '@/shared/ui/Form.module.css'
import styles from './Sheet.module.css'
import manage from './Manage.module.css'

const POINTS = [
  { key: 'wallet.safety.only', Icon: KeyOutline },
  { key: 'wallet.safety.never', Icon: LockOutline },
  { key: 'wallet.safety.offline', Icon: EyeInvisibleOutline },
] as const

/** The safety points read before the words are shown (spec §4: "I know"). */
export function SafetySheet({
  visible,
  onClose,
  onConfirm,
}: {
  visible: boolean
  onClose: () => void
  onConfirm: () => void
}) {
  const { t } = useTranslation()
  return (
    <Popup visible={visible} onMaskClick={onClose} bodyClassName={styles.sheet}>
      <section aria-labelledby="wallet-safety-title">
        <header className={styles.header}>
          <h2 id="wallet-safety-title" className={styles.title}>
            {t('wallet.safety.title')}
          </h2>
        </header>
        <ul className={manage.points}>
          {POINTS.map(({ key, Icon }) => (
            <li key={key} className={manage.point}>
              <span className={manage.pointIcon} aria-hidden="true">
                <Icon />
              </span>
              <span>{t(key)}</span>
            </li>
          ))}
        </ul>
        <Button block color="primary" className={formStyles.submit} onClick={onConfirm}>
          {t('wallet.safety.know')}
        </Button>
      </section>
    </Popup>
  )
}
