import { existsSync } from 'node:fs'
import { Worker } from 'node:worker_threads'
import type { ErrorCode, MessageArgs } from '@kinetic/protocol'
import { AppError } from '../../platform/rpc/app-error.ts'
import type { PackedBundle } from './import-packed.ts'

/** What the import worker posts back: the file read, the error a client sees, or a reader's crash. */
export type WorkerAnswer =
  | { bundle: PackedBundle }
  | { error: { code: ErrorCode; options: { field?: string; args?: MessageArgs } } }
  | { failure: string }

/** What one import may spend off the event loop. */
export interface ImportBudget {
  /** The worker's V8 heap (old generation), MB: past it the worker dies and the import is refused. */
  heapMb: number
  /** Wall-clock time from the worker's start, ms: past it the worker is terminated. */
  deadlineMs: number
}

/**
 * An honest export of four months of minutes (345,600 rows) reads in 27 s on two cores under a
 * load of 25, well under 300 MB of heap: the deadline is for files that never end.
 */
export const IMPORT_BUDGET: ImportBudget = { heapMb: 768, deadlineMs: 120_000 }
/** Imports read at once; more wait their turn (each worker may use a core and its heap). */
const CONCURRENT = 2

const tooLarge = () => new AppError('IMPORT_TOO_LARGE', { field: 'file' })

/**
 * The worker's script: from the TypeScript sources (tsx, vitest) `import-worker-tsx.mjs`, which
 * registers tsx in the worker's thread first; in the built server `import-worker.js`, which
 * scripts/build-server.mjs writes next to main.js (this code may sit in dist/chunks/).
 */
function workerScript(): URL {
  const here = import.meta.url
  if (here.endsWith('.ts')) return new URL('./import-worker-tsx.mjs', here)
  for (const path of ['./import-worker.js', '../import-worker.js']) {
    const url = new URL(path, here)
    if (existsSync(url)) return url
  }
  throw new Error('import-worker.js is missing next to the built server')
}

let running = 0
const waiting: (() => void)[] = []
async function turn(): Promise<() => void> {
  if (running >= CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve))
  running++
  return () => {
    running--
    waiting.shift()?.()
  }
}

const start = (budget: ImportBudget) =>
  new Worker(workerScript(), {
    resourceLimits: { maxOldGenerationSizeMb: budget.heapMb, maxYoungGenerationSizeMb: 32 },
  })

/** A worker started ahead, its modules loaded, for the next import (once this process has imported). */
let spare: { worker: Worker; budget: ImportBudget; dead: boolean } | undefined

/** A worker for an import now: the spare when it is alive and has this budget; then the next spare is started. */
function take(budget: ImportBudget): Worker {
  const ready = spare && !spare.dead && spare.budget === budget ? spare.worker : undefined
  if (spare && !ready) void spare.worker.terminate()
  const worker = ready ?? start(budget)
  worker.ref()
  const next = { worker: start(budget), budget, dead: false }
  // idle, it keeps no process alive; one that failed to load is replaced when taken
  next.worker.unref()
  next.worker.once('error', () => (next.dead = true))
  next.worker.once('exit', () => (next.dead = true))
  spare = next
  return worker
}

/**
 * Reads an import in a worker thread with its own heap limit and a deadline: the event loop
 * stays free for every other request while a file is unpacked and parsed. A file over its
 * budget (heap, time, or the unpacked cap the worker counts) is IMPORT_TOO_LARGE.
 */
export async function readImportOffThread(
  file: Uint8Array,
  budget: ImportBudget = IMPORT_BUDGET,
): Promise<PackedBundle> {
  const done = await turn()
  try {
    return await new Promise<PackedBundle>((resolve, reject) => {
      const worker = take(budget)
      let settled = false
      const settle = (fn: () => void) => {
        if (settled) return
        settled = true
        clearTimeout(deadline)
        fn()
        void worker.terminate()
      }
      const deadline = setTimeout(() => settle(() => reject(tooLarge())), budget.deadlineMs)
      worker.once('message', (answer: WorkerAnswer) =>
        settle(() => {
          if ('bundle' in answer) resolve(answer.bundle)
          else if ('error' in answer) reject(new AppError(answer.error.code, answer.error.options))
          // a reader that throws on a file it was not written for: the file is what is broken
          else reject(new AppError('IMPORT_FILE_BROKEN', { args: { reason: 'file' } }))
        }),
      )
      worker.once('error', (error: Error & { code?: string }) =>
        settle(() => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooLarge() : error)),
      )
      worker.once('exit', () => settle(() => reject(tooLarge())))
      const copy = new Uint8Array(file)
      worker.postMessage(copy, [copy.buffer])
    })
  } finally {
    done()
  }
}
