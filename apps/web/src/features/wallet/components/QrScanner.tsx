import { Popup } from 'antd-mobile'
import { CloseOutline } from 'antd-mobile-icons'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import styles from './QrScanner.module.css'

/** Why the camera gave no picture, as a text key of `wallet.scan`. */
export type CameraProblem = 'denied' | 'noCamera' | 'unsupported' | 'failed'

/** Whether this page may ask for the camera at all (not on plain HTTP, not in old browsers). */
const cameraApi = () => typeof (navigator.mediaDevices as MediaDevices | undefined)?.getUserMedia === 'function'

/** getUserMedia's refusal as what the person can do about it. */
export function cameraProblem(error: unknown): CameraProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : ''
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied'
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError') return 'noCamera'
  return 'failed'
}

type QrScannerProps = {
  visible: boolean
  onClose: () => void
  /** A decoded code: answers the message to show (and keeps scanning), or null when it was taken. */
  onScan: (text: string) => string | null
}

/**
 * The camera (getUserMedia, the back camera when there is one) decoded by ZXing
 * (`@zxing/browser`, loaded only when the scanner opens). The stream stops when the sheet
 * closes or a code is taken.
 */
export function QrScanner({ visible, onClose, onScan }: QrScannerProps) {
  const { t } = useTranslation()
  return (
    <Popup visible={visible} onMaskClick={onClose} bodyClassName={styles.sheet} destroyOnClose>
      <section aria-label={t('wallet.scan.title')} className={styles.body}>
        <header className={styles.header}>
          <h2 className={styles.title}>{t('wallet.scan.title')}</h2>
          <button type="button" className={styles.close} aria-label={t('common.cancel')} onClick={onClose}>
            <CloseOutline />
          </button>
        </header>
        {visible && <Camera onScan={onScan} />}
      </section>
    </Popup>
  )
}

/** The camera's picture while the sheet is open (mounted afresh each time it opens). */
function Camera({ onScan }: { onScan: (text: string) => string | null }) {
  const { t } = useTranslation()
  const video = useRef<HTMLVideoElement>(null)
  const [problem, setProblem] = useState<CameraProblem | null>(() => (cameraApi() ? null : 'unsupported'))
  const [message, setMessage] = useState('')
  const scan = useRef(onScan)
  useEffect(() => {
    scan.current = onScan
  })

  useEffect(() => {
    if (!cameraApi()) return
    let stopped = false
    let controls: { stop: () => void } | undefined
    void (async () => {
      try {
        const { BrowserQRCodeReader } = await import('@zxing/browser')
        const element = video.current
        if (stopped || !element) return
        const reader = new BrowserQRCodeReader(undefined, { delayBetweenScanAttempts: 150 })
        const started = await reader.decodeFromConstraints(
          { video: { facingMode: 'environment' } },
          element,
          (result, _error, running) => {
            if (!result || stopped) return
            const refusal = scan.current(result.getText())
            if (refusal === null) {
              stopped = true
              running.stop()
            } else setMessage(refusal)
          },
        )
        if (stopped) started.stop()
        else controls = started
      } catch (error) {
        if (!stopped) setProblem(cameraProblem(error))
      }
    })()
    return () => {
      stopped = true
      controls?.stop()
    }
  }, [])

  if (problem)
    return (
      <p className={styles.problem} role="alert">
        {t(`wallet.scan.${problem}`)}
      </p>
    )
  return (
    <>
      <div className={styles.frame}>
        <video ref={video} className={styles.video} muted playsInline aria-label={t('wallet.scan.camera')} />
      </div>
      <p className={message ? styles.problem : styles.hint} role={message ? 'alert' : undefined}>
        {message || t('wallet.scan.hint')}
      </p>
    </>
  )
}
