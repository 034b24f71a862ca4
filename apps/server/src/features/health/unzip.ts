import { inflateRawSync } from 'node:zlib'
import { AppError } from '../../platform/rpc/app-error.ts'

/** A file of a zip as its central directory lists it. */
interface ZipEntry {
  name: string
  method: number
  encrypted: boolean
  compressedSize: number
  localOffset: number
}

const EOCD = 0x06054b50
const CENTRAL = 0x02014b50
const LOCAL = 0x04034b50

const broken = () => new AppError('IMPORT_ARCHIVE_BROKEN', { field: 'file' })
const tooLarge = () => new AppError('IMPORT_TOO_LARGE', { field: 'file' })

/** The entries of a zip's central directory (no ZIP64: an upload is far below 4 GiB). */
function centralDirectory(zip: Buffer): ZipEntry[] {
  // the end record is in the last 22 + 65,535 (its comment) bytes
  let end = -1
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--)
    if (zip.readUInt32LE(i) === EOCD) {
      end = i
      break
    }
  if (end < 0) throw broken()
  const count = zip.readUInt16LE(end + 10)
  const size = zip.readUInt32LE(end + 12)
  let at = zip.readUInt32LE(end + 16)
  if (at + size > end) throw broken()
  const entries: ZipEntry[] = []
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || zip.readUInt32LE(at) !== CENTRAL) throw broken()
    const nameLength = zip.readUInt16LE(at + 28)
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32)
    entries.push({
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
      method: zip.readUInt16LE(at + 10),
      encrypted: (zip.readUInt16LE(at + 8) & 1) === 1,
      compressedSize: zip.readUInt32LE(at + 20),
      localOffset: zip.readUInt32LE(at + 42),
    })
    at += 46 + skip
  }
  return entries
}

/**
 * The bytes of one entry, refusing it as soon as it has given more than `budget` bytes: the
 * sizes a zip declares are not trusted, the real output is counted while it is inflated (zlib
 * stops at `maxOutputLength`), so the work is bounded by the budget, not by the archive's claims.
 */
function inflateEntry(zip: Buffer, entry: ZipEntry, budget: number): Buffer {
  const at = entry.localOffset
  if (entry.encrypted || at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL) throw broken()
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28)
  if (start + entry.compressedSize > zip.length) throw broken()
  const data = zip.subarray(start, start + entry.compressedSize)
  if (entry.method === 0) {
    if (data.length > budget) throw tooLarge()
    return data
  }
  if (entry.method !== 8) throw broken()
  try {
    const out = inflateRawSync(data, { maxOutputLength: Math.max(1, budget) })
    if (out.length > budget) throw tooLarge()
    return out
  } catch (error) {
    if (error instanceof AppError) throw error
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge()
    throw broken()
  }
}

/**
 * Unpacks a zip, and the zips inside it one level deep (Garmin nests its uploaded files): every
 * file but directories, by name, at most `limit` bytes of output in all (nested zips count twice:
 * once packed, once unpacked), else IMPORT_TOO_LARGE.
 */
export function unzipBounded(bytes: Uint8Array, limit: number): Map<string, Uint8Array> {
  const entries = new Map<string, Uint8Array>()
  let left = limit
  const open = (zip: Buffer, prefix: string, depth: number) => {
    for (const entry of centralDirectory(zip)) {
      if (entry.name.endsWith('/')) continue
      const content = inflateEntry(zip, entry, left)
      left -= content.length
      const nested =
        depth === 0 &&
        entry.name.toLowerCase().endsWith('.zip') &&
        content.length >= 4 &&
        content.readUInt32LE(0) === LOCAL
      if (nested) open(content, `${prefix}${entry.name}/`, 1)
      else entries.set(`${prefix}${entry.name}`, content)
    }
  }
  open(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), '', 0)
  return entries
}
