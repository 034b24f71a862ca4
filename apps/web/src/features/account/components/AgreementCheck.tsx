import { CheckOutline } from 'antd-mobile-icons'
import { Trans } from 'react-i18next'
import { Link } from 'react-router'
import styles from './AuthForm.module.css'

/** 'I have read and agree to the Privacy Policy and User Protocol', with links to both. */
export function AgreementCheck({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className={styles.agree}>
      <input
        type="checkbox"
        className={styles.agreeInput}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className={styles.agreeBox} aria-hidden="true">
        {checked && <CheckOutline />}
      </span>
      <span>
        <Trans
          i18nKey="account.register.agree"
          components={{ privacy: <Link to="/privacy" />, protocol: <Link to="/protocol" /> }}
        />
      </span>
    </label>
  )
}
