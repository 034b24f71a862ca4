/**
 * The import worker's entry (a worker thread, one per import; import-runner.ts starts it): reads
 * the file it is sent into a bundle — unpacking, decoding, parsing — and posts it back, or the
 * error a client sees. It touches no database and holds no secret.
 */
import { parentPort } from 'node:worker_threads'
import { AppError } from '../../platform/rpc/app-error.ts'
import { packBundle, transferList } from './import-packed.ts'
import { readImport } from './import-read.ts'
import type { WorkerAnswer } from './import-runner.ts'

const port = parentPort
if (!port) throw new Error('import-worker.ts runs as a worker thread')

port.once('message', (file: Uint8Array) => {
  const answer = (message: WorkerAnswer, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer)
  readImport(file).then(
    (bundle) => {
      const packed = packBundle(bundle)
      answer({ bundle: packed }, transferList(packed))
    },
    (error: unknown) =>
      answer(
        error instanceof AppError
          ? { error: { code: error.code, options: error.options } }
          : { failure: error instanceof Error ? (error.stack ?? error.message) : String(error) },
      ),
  )
})
