import { showSuccess, showToast } from '@/shared/ui/toast'
import { takeSharedFile } from '@/sw/shared'
import { UploadOutline } from 'antd-mobile-icons'
import { useEffect, useEffectEvent, type ChangeEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { useImportWorkoutMutation } from '../health.queries'
import styles from './Sports.module.css'
import { useVerdictText } from './WorkoutVerdict'

/**
 * Imports a workout from a GPX, TCX or FIT file: the file is read in the browser (the FIT
 * parser loads only now) and its summary and heart-rate curve posted to `/v1/motion_import`.
 * `onImported` gets the local day of the stored workout. A file shared to the installed app
 * (the manifest's share target) arrives as `?shared=1` and is imported the same way.
 */
export function ImportButton({ onImported }: { onImported: (day: string) => void }) {
  const { t } = useTranslation()
  const importWorkout = useImportWorkoutMutation()
  const verdictText = useVerdictText()

  const read = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (file) void importFile(file)
  }

  const importFile = async (file: File) => {
    const { parseWorkoutFile, WorkoutFileError } = await import('../lib/workoutFile')
    let workout
    try {
      workout = await parseWorkoutFile(await file.arrayBuffer())
    } catch (error) {
      showToast(t(`health.import.problems.${error instanceof WorkoutFileError ? error.problem : 'unreadable'}`))
      return
    }
    const curve = workout.hrPerMinute.some((bpm) => bpm > 0) ? workout.hrPerMinute.join(',') : ''
    importWorkout.mutate(
      {
        source: workout.format,
        type: workout.sport,
        name: file.name.replace(/\.[^.]+$/, '').slice(0, 64),
        start: workout.startTime,
        duration_s: workout.durationS,
        distance_m: workout.distanceM,
        heart_rate: curve,
      },
      {
        onSuccess: (stored) => {
          // a workout that earns less or nothing says so and why, right away
          if (stored.duplicate) showSuccess(t('health.import.duplicate'))
          else if (stored.verdict.verdict === 'ok') showSuccess(t('health.import.done'))
          else showSuccess(t(`health.import.${stored.verdict.verdict}`, { verdict: verdictText(stored.verdict) }))
          onImported(stored.date)
        },
      },
    )
  }

  const [search, setSearch] = useSearchParams()
  const shared = search.get('shared') === '1'
  const importShared = useEffectEvent(async () => {
    const file = await takeSharedFile()
    setSearch(
      (params) => {
        params.delete('shared')
        return params
      },
      { replace: true },
    )
    if (file) await importFile(file)
  })
  useEffect(() => {
    if (shared) void importShared()
  }, [shared])

  return (
    <label className={styles.importButton} aria-busy={importWorkout.isPending}>
      <UploadOutline aria-hidden="true" />
      {t('health.import.button')}
      <input
        className={styles.importInput}
        type="file"
        accept=".gpx,.tcx,.fit,application/gpx+xml,application/vnd.garmin.tcx+xml"
        onChange={read}
        disabled={importWorkout.isPending}
      />
    </label>
  )
}
