import { strToU8, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { readImportOffThread } from './import-runner.ts'
import { sampleCount } from './import-packed.ts'

/** A Kinetic export of `rows` minutes of steps, about 45 bytes a row before zipping. */
function stepsExport(rows: number): Uint8Array {
  const start = Date.parse('2026-01-01T00:00:00Z')
  const lines = Array.from({ length: rows }, (_, i) => `${new Date(start + i * 60_000).toISOString()},${40 + (i % 90)}`)
  return zipSync({
    'kinetic-export.json': strToU8(JSON.stringify({ format: 'kinetic-health-export', version: 1 })),
    'samples/steps.csv': strToU8(`minute,steps\r\n${lines.join('\r\n')}\r\n`),
  })
}

describe('an import read in a worker thread', () => {
  it('gives back every sample of an honest file', async () => {
    const bundle = await readImportOffThread(stepsExport(1000), { heapMb: 256, deadlineMs: 120_000 })
    expect(bundle.kind).toBe('kinetic')
    expect(sampleCount(bundle, 'steps')).toBe(1000)
  }, 150_000)

  it('is refused as too large when it needs more heap than its budget', async () => {
    await expect(
      readImportOffThread(stepsExport(1_500_000), { heapMb: 64, deadlineMs: 300_000 }),
    ).rejects.toMatchObject({ code: 'IMPORT_TOO_LARGE' })
  }, 330_000)

  it('is refused as too large when it runs past its deadline', async () => {
    await expect(readImportOffThread(stepsExport(1000), { heapMb: 256, deadlineMs: 1 })).rejects.toMatchObject({
      code: 'IMPORT_TOO_LARGE',
    })
  }, 60_000)
})
