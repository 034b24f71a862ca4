import { config } from 'zod'

/**
 * Imported first by the web app's entries: zod would otherwise probe `new Function('')` while
 * building the first object schema, which the strict Content-Security-Policy (`script-src
 * 'self'`, no `'unsafe-eval'`) refuses and reports as a violation. The server keeps zod's
 * compiled fast path.
 */
config({ jitless: true })
