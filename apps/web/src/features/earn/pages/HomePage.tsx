import { showSuccessLater as showSuccess } from '@/shared/ui/lazyToast'
import { Page } from '@/shared/ui/Page'
import { LoadFailed, Loading } from '@/shared/ui/Status'
import { formatNumber, type earn, type Result } from '@kinetic/protocol'
import { GiftOutline, HandPayCircleOutline, ShopbagOutline, TravelOutline, UploadOutline } from 'antd-mobile-icons'
import { lazy, Suspense, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { HomeTasks } from '../components/HomeTasks'
import { useFinalizeMutation, useHomeQuery, useSupplyMutation } from '../earn.queries'
import styles from './Home.module.css'

type Home = Result<typeof earn.home>

// The sheets (antd-mobile's popup layer) load on the first tap, not with the home route: it is
// the first page a visit shows.
const AmountSheet = lazy(() => import('../components/AmountSheet').then((m) => ({ default: m.AmountSheet })))

/** Today's energy against the daily cap, as a ring. */
function EnergyRing({ credited, cap }: { credited: string; cap: string }) {
  const { t } = useTranslation()
  const share = Number(cap) > 0 ? Math.min(Number(credited) / Number(cap), 1) : 0
  const r = 52
  const length = 2 * Math.PI * r
  return (
    <div className={styles.ring} role="group" aria-label={t('earn.home.todayEnergy')}>
      <svg viewBox="0 0 120 120" aria-hidden="true">
        <circle className={styles.track} cx="60" cy="60" r={r} />
        <circle
          className={styles.fill}
          cx="60"
          cy="60"
          r={r}
          strokeDasharray={`${share * length} ${length}`}
          transform="rotate(-90 60 60)"
        />
      </svg>
      <div className={styles.ringText}>
        <strong data-testid="today-energy">{formatNumber(credited)}</strong>
        <span>{t('earn.home.ofCap', { cap: formatNumber(cap) })}</span>
      </div>
    </div>
  )
}

function Figure({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div className={styles.figure} role="group" aria-label={label}>
      <strong data-testid={testId}>{value}</strong>
      <span>{label}</span>
    </div>
  )
}

function Action({ icon, label, onClick }: { icon: ReactNode; label: string; onClick: () => void }) {
  return (
    <button type="button" className={styles.action} onClick={onClick}>
      <span className={styles.actionIcon}>{icon}</span>
      {label}
    </button>
  )
}

const dash = (n: number | null) => (n === null ? '–' : formatNumber(n))

function HomeBody({ home }: { home: Home }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [sheet, setSheet] = useState<'finalize' | 'supply' | null>(null)
  const finalize = useFinalizeMutation()
  const supply = useSupplyMutation()
  const close = () => setSheet(null)
  const sleep = home.sleep ? t('earn.home.hours', { hours: formatNumber(home.sleep.minutes / 60, 1) }) : '–'
  return (
    <>
      <section className={styles.hero}>
        <EnergyRing credited={home.today_energy.credited} cap={home.today_energy.cap} />
        <div className={styles.balances}>
          <Figure label={t('earn.asset.energy')} value={formatNumber(home.energy)} testId="home-energy" />
          <Figure label={t('earn.asset.power')} value={formatNumber(home.power)} testId="home-power" />
          <Figure label={t('earn.asset.points')} value={formatNumber(home.points)} testId="home-points" />
        </div>
        {!home.consent.exercise && (
          <button type="button" className={styles.consent} onClick={() => void navigate('/userAuthorize')}>
            {t('earn.home.noConsent')}
          </button>
        )}
      </section>

      <nav className={styles.actions} aria-label={t('earn.home.actions')}>
        <Action icon={<ShopbagOutline />} label={t('earn.home.shop')} onClick={() => void navigate('/shop')} />
        <Action
          icon={<GiftOutline />}
          label={t('earn.home.newbie')}
          onClick={() => document.getElementById('tasks-newbie')?.scrollIntoView({ behavior: 'smooth' })}
        />
        <Action
          icon={<TravelOutline />}
          label={t('earn.home.obtain')}
          onClick={() => void navigate('/userAuthorize')}
        />
        <Action icon={<HandPayCircleOutline />} label={t('earn.home.supply')} onClick={() => setSheet('supply')} />
        <Action icon={<UploadOutline />} label={t('earn.home.contribute')} onClick={() => setSheet('finalize')} />
      </nav>

      <section className={styles.card} aria-label={t('earn.home.sports')}>
        <h2 className={styles.cardTitle}>{t('earn.home.sports')}</h2>
        <div className={styles.figures}>
          <Figure label={t('earn.home.steps')} value={formatNumber(home.sports.steps)} testId="home-steps" />
          <Figure label={t('earn.home.distance')} value={formatNumber(home.sports.distance_m / 1000, 2)} />
          <Figure label={t('earn.home.calories')} value={formatNumber(home.sports.calories)} />
        </div>
        <div
          className={styles.bar}
          role="progressbar"
          aria-label={t('earn.home.goal')}
          aria-valuenow={home.goal.step_pct}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <span style={{ width: `${home.goal.step_pct}%` }} />
        </div>
        <p className={styles.weak}>
          {t('earn.home.goalText', { pct: home.goal.step_pct, steps: formatNumber(home.goal.step) })}
        </p>
      </section>

      <div className={styles.pair}>
        <section className={styles.card} aria-label={t('earn.home.heartRate')}>
          <h2 className={styles.cardTitle}>{t('earn.home.heartRate')}</h2>
          <Figure label={t('earn.home.avgBpm')} value={dash(home.heart_rate.avg)} />
          {home.heart_rate.min !== null && (
            <p className={styles.weak}>
              {t('earn.home.range', { min: dash(home.heart_rate.min), max: dash(home.heart_rate.max) })}
            </p>
          )}
        </section>
        <section className={styles.card} aria-label={t('earn.home.sleep')}>
          <h2 className={styles.cardTitle}>{t('earn.home.sleep')}</h2>
          <Figure label={t('earn.home.asleep')} value={sleep} />
          <p className={styles.weak}>{t('earn.home.active', { minutes: home.sports.active_minutes })}</p>
        </section>
      </div>

      <HomeTasks tasks={home.tasks} />

      <section className={styles.card} aria-label={t('earn.home.records')}>
        <h2 className={styles.cardTitle}>{t('earn.home.records')}</h2>
        {home.records.length === 0 ? (
          <p className={styles.weak}>{t('common.empty')}</p>
        ) : (
          <ul className={styles.records}>
            {home.records.map((r) => (
              <li key={r.id}>
                <span>{t(`earn.history.kind.${r.kind}`, { defaultValue: r.kind })}</span>
                <span className={r.amount.startsWith('-') ? styles.minus : styles.plus}>
                  {r.amount.startsWith('-') ? '' : '+'}
                  {formatNumber(r.amount)} {t(`earn.asset.${r.asset}`)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <Suspense fallback={null}>
        {sheet === 'finalize' && (
          <AmountSheet
            title={t('earn.home.contribute')}
            note={t('earn.home.finalizeNote', {
              rate: formatNumber(home.rates.energy_per_power),
              energy: formatNumber(home.energy),
            })}
            label={t('earn.home.energyAmount')}
            submitText={t('earn.home.contribute')}
            max={home.energy}
            pending={finalize.isPending}
            onClose={close}
            onSubmit={(amount, request_id) =>
              finalize.mutate(
                { amount, request_id },
                {
                  onSuccess: () => {
                    showSuccess(t('earn.home.contributed'))
                    close()
                  },
                },
              )
            }
          />
        )}
        {sheet === 'supply' && (
          <AmountSheet
            title={t('earn.home.supply')}
            note={t('earn.home.supplyNote', {
              rate: formatNumber(home.rates.points_per_energy),
              points: formatNumber(home.points),
            })}
            label={t('earn.home.energyAmount')}
            submitText={t('earn.home.supply')}
            pending={supply.isPending}
            onClose={close}
            onSubmit={(amount, request_id) =>
              supply.mutate(
                { amount, request_id },
                {
                  onSuccess: () => {
                    showSuccess(t('earn.home.supplied'))
                    close()
                  },
                },
              )
            }
          />
        )}
      </Suspense>
    </>
  )
}

/** Home (tab): today's energy, balances, actions, metrics, tasks and recent activity. */
export function HomePage() {
  const { t } = useTranslation()
  const { data, error, refetch } = useHomeQuery()
  return (
    <Page title={t('earn.home.title')} back={false}>
      {error ? (
        <LoadFailed message={error.message} onRetry={() => void refetch()} />
      ) : !data ? (
        <Loading />
      ) : (
        <HomeBody home={data} />
      )}
    </Page>
  )
}
