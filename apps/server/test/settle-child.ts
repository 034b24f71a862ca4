/**
 * The crash test's settlement process (settlement.test.ts spawns it with `node --import tsx`):
 * `settle-child.ts <database url> <day> <batch size> <kill after N batches>` settles the day
 * and, once N batches have committed, SIGKILLs itself — a deterministic crash half-way that
 * no cleanup code can soften. With N = 0 it runs to the end.
 */
import { earnSettings, settlementService } from '../src/features/earn/index.ts'
import { connect } from '../src/platform/db/client.ts'

const [url, day, batchSize, killAfter] = process.argv.slice(2)
if (!url || !day) throw new Error('usage: settle-child.ts <database url> <day> <batch size> <kill after>')
const database = connect(url, 2)
await settlementService({ db: database.db, settings: earnSettings(database.db) }).settle(day, {
  batchSize: Number(batchSize),
  afterBatch: (batches) => {
    if (batches === Number(killAfter)) process.kill(process.pid, 'SIGKILL')
  },
})
await database.close()
