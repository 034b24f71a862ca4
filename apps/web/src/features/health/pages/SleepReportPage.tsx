import { clockTime, useAccountTimeZone } from '@/shared/clock'
import { Page } from '@/shared/ui/Page'
import { formatNumber, health } from '@kinetic/protocol'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Card } from '../components/Card'
import { Chart } from '../components/Chart'
import { DateBar, useReportDate } from '../components/DateBar'
import { PeriodTabs } from '../components/PeriodTabs'
import { useMinutesText } from '../components/Duration'
import styles from '../components/Health.module.css'
import { QueryView } from '../components/QueryView'
import { useSleepQuery } from '../health.queries'
import { hypnogram } from '../lib/chartOptions'
import { STAGE_COLORS } from '../lib/palette'

/** Stages from deepest to awake, as the list under the hypnogram shows them. */
const STAGE_ORDER = ['deep', 'light', 'rem', 'awake'] as const satisfies readonly health.SleepStage[]

/** `part` of `whole` in percent with one decimal, as the score's inputs give theirs. */
const percentOf = (part: number, whole: number) => formatNumber(Math.round((part * 1000) / Math.max(1, whole)) / 10, 1)

/** The night that ends on the chosen day: score, time asleep, hypnogram and time in each stage. */
export function SleepReportPage() {
  const { t } = useTranslation()
  const minutesText = useMinutesText()
  const [date, setDate] = useReportDate()
  const query = useSleepQuery(date)
  const report = query.data
  const zone = useAccountTimeZone()
  /**
   * Every share says what it is a share of: deep, light and REM of the time asleep (as the score
   * counts them), awake and the efficiency of the time in bed (asleep + awake).
   */
  const shareText = (basis: 'asleep' | 'inBed', percent: string) =>
    t(basis === 'asleep' ? 'health.sleep.shareAsleep' : 'health.sleep.shareInBed', { percent })
  const stageNames = useMemo(
    () =>
      Object.fromEntries(health.SLEEP_STAGES.map((s) => [s, t(`health.sleep.stages.${s}`)])) as Record<
        health.SleepStage,
        string
      >,
    [t],
  )
  const chart = useMemo(() => report && hypnogram(report.stages, stageNames, zone), [report, stageNames, zone])
  const hypnogramCard = (
    <Card title={t('health.sleep.hypnogram')}>
      {chart && report && report.stages.length > 0 && (
        <Chart option={chart} height={170} label={t('health.sleep.hypnogram')} />
      )}
    </Card>
  )

  return (
    <Page title={t('health.sleep.title')}>
      <PeriodTabs metric="sleep" value="day" date={report?.date ?? date} />
      <DateBar day={report?.date ?? date} onChange={setDate} />
      <QueryView query={query}>
        {({ sleep, in_progress: inProgress, score_inputs: scoreInputs, score_method: scoreMethod }) =>
          inProgress ? (
            <>
              <Card title={t('health.sleep.inProgress')}>
                <div role="group" aria-label={t('health.sleep.inProgress')}>
                  <div className={styles.heroLabel}>{t('health.sleep.asleepSoFar')}</div>
                  <div className={styles.heroValue}>{minutesText(inProgress.asleep_min)}</div>
                  <p className={styles.weak}>
                    {t('health.sleep.inProgressWindow', {
                      start: clockTime(inProgress.start, zone),
                      last: clockTime(inProgress.last_at, zone),
                    })}
                  </p>
                </div>
                <p className={styles.note}>
                  {t('health.sleep.inProgressRule', { minutes: inProgress.ends_after_min })}
                </p>
              </Card>
              {hypnogramCard}
            </>
          ) : !sleep ? (
            <Card>
              <p className={styles.empty}>{t('common.empty')}</p>
            </Card>
          ) : (
            <>
              <Card>
                <div className={styles.hero}>
                  <div role="group" aria-label={t('health.sleep.duration')}>
                    <div className={styles.heroLabel}>{t('health.sleep.duration')}</div>
                    <div className={styles.heroValue}>{minutesText(sleep.duration_min)}</div>
                  </div>
                  <div role="group" aria-label={t('health.sleep.score')}>
                    <div className={styles.heroLabel}>{t('health.sleep.score')}</div>
                    <div className={styles.heroValue}>
                      {sleep.score}
                      <span className={styles.unit}>/100</span>
                    </div>
                  </div>
                </div>
                <p className={styles.weak}>
                  {t('health.sleep.window', { start: clockTime(sleep.start, zone), end: clockTime(sleep.end, zone) })}
                </p>
              </Card>
              {hypnogramCard}
              <Card title={t('health.sleep.stagesTitle')}>
                <div className={styles.zoneList}>
                  {STAGE_ORDER.map((stage) => {
                    const minutes = sleep[`${stage}_min`]
                    const share =
                      stage === 'awake'
                        ? shareText('inBed', percentOf(minutes, sleep.duration_min + sleep.awake_min))
                        : shareText('asleep', percentOf(minutes, sleep.duration_min))
                    return (
                      <div key={stage} className={styles.zoneRow} role="group" aria-label={stageNames[stage]}>
                        <span className={styles.dot} style={{ background: STAGE_COLORS[stage] }} aria-hidden="true" />
                        <span className={styles.zoneName}>
                          <span>{stageNames[stage]}</span>
                          <span className={styles.zoneRange}>{share}</span>
                        </span>
                        <span className={styles.zoneTime}>{minutesText(minutes)}</span>
                      </div>
                    )
                  })}
                </div>
                <p className={styles.note}>{t('health.sleep.explain')}</p>
              </Card>
              <Card title={t('health.sleep.inputsTitle')}>
                <div className={styles.zoneList}>
                  {scoreInputs.map((input) => (
                    <div
                      key={input.input}
                      className={styles.inputRow}
                      role="group"
                      aria-label={t(`health.sleep.inputs.${input.input}`)}
                    >
                      <span className={styles.inputName}>
                        <span>
                          {t(`health.sleep.inputs.${input.input}`)}{' '}
                          {input.input === 'duration'
                            ? minutesText(input.value)
                            : shareText(
                                input.input === 'efficiency' ? 'inBed' : 'asleep',
                                formatNumber(input.value, 1),
                              )}
                        </span>
                        <span className={styles.inputNote}>
                          {t('health.sleep.target', {
                            target: input.input === 'duration' ? minutesText(input.target) : `${input.target}%`,
                          })}
                        </span>
                      </span>
                      <span className={styles.inputValue}>
                        {t('health.sleep.points', { points: input.points, max: input.max_points })}
                      </span>
                    </div>
                  ))}
                </div>
                <p className={styles.note}>{scoreMethod}</p>
              </Card>
            </>
          )
        }
      </QueryView>
    </Page>
  )
}
