import { Page } from '@/shared/ui/Page'
import { EmptyState } from '@/shared/ui/Status'
import { Button } from 'antd-mobile'
import { HeartOutline } from 'antd-mobile-icons'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Card } from '../components/Card'
import { Chart } from '../components/Chart'
import styles from '../components/Health.module.css'
import { Stats } from '../components/Stats'
import { bluetoothSupport, connectHeartRateSensor, type SensorConnection } from '../lib/bluetooth'
import type { ChartOption } from '../lib/echarts'
import type { HeartRateMeasurement } from '../lib/heartRateMeasurement'
import { DANGER } from '../lib/palette'
import { DASH } from '../lib/format'

/** Two minutes of readings on the chart (sensors notify about once a second). */
const WINDOW = 120

type State =
  { kind: 'idle' } | { kind: 'connecting' } | { kind: 'connected'; name: string } | { kind: 'failed'; message: string }

/**
 * Beyond the spec: live heart rate from any Bluetooth LE heart-rate sensor (chest strap, watch
 * in broadcast mode) through Web Bluetooth, where the browser has it. Nothing is uploaded.
 */
export function HeartRateLivePage() {
  const { t } = useTranslation()
  const support = useMemo(() => bluetoothSupport(), [])
  const [state, setState] = useState<State>({ kind: 'idle' })
  const [latest, setLatest] = useState<HeartRateMeasurement | null>(null)
  const [history, setHistory] = useState<number[]>([])
  const connection = useRef<SensorConnection | null>(null)

  useEffect(() => () => connection.current?.disconnect(), [])

  const connect = async () => {
    setState({ kind: 'connecting' })
    try {
      connection.current = await connectHeartRateSensor(
        (m) => {
          setLatest(m)
          setHistory((h) => [...h.slice(-(WINDOW - 1)), m.bpm])
        },
        () => setState({ kind: 'idle' }),
      )
      setState({ kind: 'connected', name: connection.current.name })
    } catch (error) {
      const dismissed = error instanceof DOMException && error.name === 'NotFoundError'
      setState(dismissed ? { kind: 'idle' } : { kind: 'failed', message: t('health.live.failed') })
    }
  }
  const disconnect = () => {
    connection.current?.disconnect()
    connection.current = null
    setState({ kind: 'idle' })
  }
  const chart = useMemo<ChartOption>(
    () => ({
      grid: { left: 36, right: 12, top: 12, bottom: 12 },
      xAxis: { type: 'category', show: false, data: history.map((_, i) => String(i)) },
      yAxis: { type: 'value', scale: true, splitNumber: 3 },
      series: [{ type: 'line', data: history, showSymbol: false, itemStyle: { color: DANGER }, animation: false }],
    }),
    [history],
  )

  if (support !== 'available') {
    return (
      <Page title={t('health.live.title')}>
        <EmptyState text={t(`health.live.${support}`)} icon={<HeartOutline />} />
      </Page>
    )
  }
  return (
    <Page title={t('health.live.title')}>
      <Card>
        <div className={styles.hero}>
          <div role="group" aria-label={t('health.live.current')}>
            <div className={styles.heroLabel}>
              {state.kind === 'connected' ? state.name || t('health.live.sensor') : t('health.live.current')}
            </div>
            <div className={styles.heroValue}>
              {state.kind === 'connected' && latest ? latest.bpm : DASH}
              <span className={styles.unit}>{t('health.unit.bpm')}</span>
            </div>
          </div>
          {latest && state.kind === 'connected' && latest.contact !== 'unsupported' && (
            <span className={styles.weak}>{t(`health.live.contact.${latest.contact}`)}</span>
          )}
        </div>
        {state.kind === 'connected' && (
          <Stats
            items={[
              { label: t('health.live.rr'), value: latest?.rrMs.at(-1) ?? DASH, unit: t('health.unit.ms') },
              { label: t('health.live.energy'), value: latest?.energyKj ?? DASH, unit: t('health.unit.kj') },
              { label: t('health.live.readings'), value: history.length },
            ]}
          />
        )}
        {history.length > 1 && <Chart option={chart} height={150} label={t('health.live.title')} />}
      </Card>
      <p className={styles.note}>{t('health.live.explain')}</p>
      {state.kind === 'failed' && (
        <p className={styles.empty} role="alert">
          {state.message}
        </p>
      )}
      <div className={styles.actions}>
        {state.kind === 'connected' ? (
          <Button block shape="rounded" onClick={disconnect}>
            {t('health.live.disconnect')}
          </Button>
        ) : (
          <Button
            block
            color="primary"
            shape="rounded"
            loading={state.kind === 'connecting'}
            onClick={() => void connect()}
          >
            {t('health.live.connect')}
          </Button>
        )}
      </div>
    </Page>
  )
}
