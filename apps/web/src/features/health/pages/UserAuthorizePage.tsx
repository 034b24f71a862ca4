import { Page } from '@/shared/ui/Page'
import { showSuccess } from '@/shared/ui/toast'
import { health } from '@kinetic/protocol'
import { Switch } from 'antd-mobile'
import { useTranslation } from 'react-i18next'
import { Card } from '../components/Card'
import styles from '../components/Health.module.css'
import { QueryView } from '../components/QueryView'
import { useAuthorizationsQuery, useAuthorizeMutation } from '../health.queries'
import form from './Form.module.css'

type Kind = (typeof health.AUTHORIZATION_KINDS)[number]

/**
 * Data-use authorizations (`/v1/authorize`): exercise, sleep, heart rate. Without one, that
 * data earns nothing and is shared with no one (spec §6, DESIGN §7).
 */
export function UserAuthorizePage() {
  const { t } = useTranslation()
  const query = useAuthorizationsQuery()
  const authorize = useAuthorizeMutation()
  const toggle = (kind: Kind, on: boolean) =>
    authorize.mutate({ [kind]: on ? '1' : '0' }, { onSuccess: () => showSuccess(t('common.toast.modified')) })

  return (
    <Page title={t('health.authorize.title')}>
      <QueryView query={query}>
        {(granted) => (
          <>
            <Card>
              {health.AUTHORIZATION_KINDS.map((kind) => (
                <div key={kind} className={form.switchRow}>
                  <span className={form.switchText} id={`auth-${kind}`}>
                    <span className={form.switchTitle}>{t(`health.authorize.kinds.${kind}`)}</span>
                    <span className={form.switchHint}>{t(`health.authorize.hints.${kind}`)}</span>
                  </span>
                  <Switch
                    checked={granted[kind]}
                    loading={authorize.isPending && authorize.variables[kind] !== undefined}
                    onChange={(on) => toggle(kind, on)}
                    aria-labelledby={`auth-${kind}`}
                  />
                </div>
              ))}
            </Card>
            <Card title={t('health.authorize.meaningTitle')}>
              <p className={styles.note}>{t('health.authorize.meaning')}</p>
              <p className={styles.note}>{t('health.authorize.without')}</p>
            </Card>
          </>
        )}
      </QueryView>
    </Page>
  )
}
