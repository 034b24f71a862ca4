// The import worker run from the TypeScript sources (tsx, vitest, `npm start`): a worker thread
// does not share the main thread's TypeScript loader, so it registers tsx itself, then loads it.
import { register } from 'tsx/esm/api'

register()
await import('./import-worker.ts')
