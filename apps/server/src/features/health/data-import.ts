import type { health as h } from '@kinetic/protocol'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/rpc/app-error.ts'
import { dataRepo } from './data.repo.ts'
import type { HealthHooks } from './hooks.ts'
import { rollImportsIntoDays } from './imported.ts'
import { isFit, isSqlite, isZip, unpack, type Bundle, type Entries } from './import-files.ts'
import { readGadgetbridge } from './import-gadgetbridge.ts'
import { readGarmin } from './import-garmin.ts'
import { isHuaweiJson, readHuawei } from './import-huawei.ts'
import { isKineticExport, readKineticExport } from './import-kinetic.ts'
import { lockUserHealth } from './ingest.ts'
import { ingestRepo, type Stored } from './ingest.repo.ts'
import { today } from './dates.ts'
import { storeImportedWorkout } from './motion.ts'
import { rollClaimed } from './claims.ts'

/** Samples written per statement (each kind goes in as one array parameter). */
const CHUNK = 50_000

const decode = (bytes: Uint8Array) => new TextDecoder('utf-8', { fatal: false }).decode(bytes)

/** Tells the kind of a file by its bytes (and, inside a zip, by what it holds) and reads it. */
export async function readImport(file: Uint8Array): Promise<Bundle> {
  if (isSqlite(file)) return readGadgetbridge(file)
  if (isFit(file)) return readGarmin([{ name: 'activity.fit', bytes: file }])
  if (isZip(file)) return readArchive(unpack(file))
  const text = decode(file.subarray(0, 1_000_000))
  if (/^\s*[[{]/.test(text) && isHuaweiJson(text)) return readHuawei([{ name: 'file', text: decode(file) }])
  throw new AppError('IMPORT_FORMAT_UNKNOWN', { field: 'file' })
}

async function readArchive(entries: Entries): Promise<Bundle> {
  if (isKineticExport(entries)) return readKineticExport(entries)
  const all = [...entries]
  const db = all.find(([, bytes]) => isSqlite(bytes))
  if (db) return readGadgetbridge(db[1])
  const fits = all.filter(([name, bytes]) => name.toLowerCase().endsWith('.fit') && isFit(bytes))
  if (fits.length) return readGarmin(fits.map(([name, bytes]) => ({ name, bytes })))
  const huawei = all.filter(([name, bytes]) => name.toLowerCase().endsWith('.json') && isHuaweiJson(decode(bytes)))
  if (huawei.length) return readHuawei(huawei.map(([name, bytes]) => ({ name, text: decode(bytes) })))
  throw new AppError('IMPORT_FORMAT_UNKNOWN', { field: 'file' })
}

const chunks = <T>(list: T[]) =>
  Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) => list.slice(i * CHUNK, (i + 1) * CHUNK))

/**
 * Imports health history (own your data): the whole file in one transaction under the user's
 * health lock, keyed like the watch's samples, so a second import adds nothing and a refused
 * file leaves nothing. A Kinetic export's days are marked restored and earning is not told of
 * them (an imported export never earns); other imports tell earning, whose window decides.
 */
export function dataImport(db: Db, hooks?: Pick<HealthHooks, 'daysChanged'>, rawRetentionDays?: number) {
  return {
    async importFile(userId: number, file: Uint8Array): Promise<h.ImportResult> {
      const bundle = await readImport(file)
      const total =
        bundle.heartRate.length +
        bundle.steps.length +
        bundle.sleep.length +
        bundle.bloodPressure.length +
        bundle.spo2.length +
        bundle.workouts.length
      if (total === 0) throw new AppError('IMPORT_EMPTY', { field: 'file' })
      const now = Date.now() / 1000 + 300
      const claimed: number[] = []
      const result = await db.transaction(async (tx) => {
        await lockUserHealth(tx, userId)
        const repo = ingestRepo(tx, rawRetentionDays)
        const tz = await repo.timeZone(userId)
        const store = async <T extends object>(items: T[], save: (part: T[]) => Promise<Stored>) => {
          const sum: Stored = { accepted: 0, expired: 0, days: [] }
          for (const part of chunks(items.filter((i) => time(i) <= now))) {
            const stored = await save(part)
            sum.accepted += stored.accepted
            sum.expired += stored.expired
            sum.days.push(...stored.days)
          }
          return sum
        }
        const hr = await store(bundle.heartRate, (s) => repo.heartRate(userId, tz, s))
        const steps = await store(bundle.steps, (s) => repo.steps(userId, tz, s))
        await repo.rollMinutesIntoDays(userId, tz, [...new Set([...hr.days, ...steps.days])])
        const sleep = await store(bundle.sleep, (s) => repo.sleep(userId, tz, s))
        await repo.rollSleepIntoDays(userId, tz, [...new Set(sleep.days)])
        const bp = await store(bundle.bloodPressure, (s) => repo.bloodPressure(userId, s))
        const spo2 = await store(bundle.spo2, (s) => repo.spo2(userId, s))
        const data = dataRepo(tx)
        let workouts = 0
        const workoutDays: string[] = []
        for (const w of bundle.workouts.filter((x) => x.startAt.getTime() / 1000 <= now)) {
          if (w.source === 'watch') {
            // a watch's workout from an export: its minutes came back with the samples
            if (await data.restoreWatchWorkout(userId, w)) {
              workouts++
              workoutDays.push(today(tz, w.startAt))
            }
            continue
          }
          // a restored export never earns, so it claims nothing from another account
          const stored = await storeImportedWorkout(tx, userId, tz, w, bundle.kind !== 'kinetic')
          claimed.push(...stored.others)
          if (!stored.duplicate) {
            workouts++
            workoutDays.push(stored.day)
          }
        }
        await repo.rollWorkoutsIntoDays(userId, tz, [...new Set(workoutDays)])
        await rollImportsIntoDays(tx, userId, tz, steps.days)
        const days = [...new Set([...hr.days, ...steps.days, ...sleep.days, ...workoutDays])].sort()
        if (bundle.kind === 'kinetic') {
          await repo.markRestored(userId, days)
          if (bundle.profile) await data.fillProfile(userId, bundle.profile)
        }
        const added = {
          heart_rate: hr.accepted,
          steps: steps.accepted,
          sleep: sleep.accepted,
          blood_pressure: bp.accepted,
          spo2: spo2.accepted,
          workouts,
        }
        const given = {
          heart_rate: bundle.heartRate.length,
          steps: bundle.steps.length,
          sleep: bundle.sleep.length,
          blood_pressure: bundle.bloodPressure.length,
          spo2: bundle.spo2.length,
          workouts: bundle.workouts.length,
        }
        const expired = {
          heart_rate: hr.expired,
          steps: steps.expired,
          sleep: 0,
          blood_pressure: bp.expired,
          spo2: spo2.expired,
          workouts: 0,
        }
        const duplicate = Object.fromEntries(
          Object.entries(given).map(([k, n]) => [
            k,
            n - added[k as keyof typeof added] - expired[k as keyof typeof added],
          ]),
        ) as typeof added
        return { kind: bundle.kind, added, duplicate, expired, days, earns: bundle.kind !== 'kinetic' }
      })
      if (result.earns && result.days.length) await hooks?.daysChanged(userId, result.days)
      await rollClaimed(db, hooks, claimed)
      return result
    },
  }
}

const time = (item: object) => {
  const o = item as { t?: number; start?: number }
  return o.t ?? o.start ?? 0
}
