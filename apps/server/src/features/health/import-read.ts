import { AppError } from '../../platform/rpc/app-error.ts'
import { isFit, isSqlite, isZip, unpack, type Bundle, type Entries } from './import-files.ts'
import { readGadgetbridge } from './import-gadgetbridge.ts'
import { readGarmin } from './import-garmin.ts'
import { isHuaweiJson, readHuawei } from './import-huawei.ts'
import { isKineticExport, readKineticExport } from './import-kinetic.ts'

const decode = (bytes: Uint8Array) => new TextDecoder('utf-8', { fatal: false }).decode(bytes)

/**
 * Tells the kind of a file by its bytes (and, inside a zip, by what it holds) and reads it.
 * CPU-heavy and as large as the file says: it runs in the import worker (import-worker.ts).
 */
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
