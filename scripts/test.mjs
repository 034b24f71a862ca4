#!/usr/bin/env node
// `npm test`: every test on a fresh machine — the build (web and server); then two lanes at the
// same time (docs/adr/2026-11-29-a-suite-that-fits.md): the browser e2e with Playwright in Debian's
// Chromium against the built app (playwright.config.ts), the longest part, which mostly waits on
// pages; beside it the unit and server integration on embedded Postgres (with the production
// install of the build: apps/server/test/production.test.ts), then the static checks, then the
// clock sweep (scripts/clock.mjs, docs/adr/2026-11-28-time-is-an-input.md): each date-sensitive
// unit and server file at one of the five instants in turn (every instant covered), and the browser
// files `e2eInTestRun` names at their instants. `npm run test:clock` runs every date-sensitive file
// at every instant. Lines are prefixed [e2e], [unit], [checks] or the instant; TEST_SERIAL=1 runs
// all one after the other. Ends with one line `tests: N passed, N failed`.
import { ensureChromium, ensureInstalled, run } from './lib.mjs'
import { sweepE2e, sweepInstants, sweepVitest } from './clock.mjs'
import { createRunners } from './runners.mjs'

const SERIAL = process.env.TEST_SERIAL === '1'
const runners = createRunners({ serial: SERIAL })
const { step, labelled, vitest, playwright } = runners
const instants = sweepInstants()

await ensureInstalled()
// first: the e2e tests run against the build, and a server test packs and installs it
await step('build', () => run('npm', ['run', 'build']))
const browser = () =>
  step('browser', async () => {
    await ensureChromium()
    await playwright('e2e')
  })
const unitChecksAndSweep = async () => {
  await step('unit and server integration', () => vitest('unit', ['protocol', 'wallet-core', 'tools', 'web', 'server']))
  await step('typecheck', () => labelled('checks', 'npm', ['run', 'typecheck']))
  await step('lint', () => labelled('checks', 'npm', ['run', 'lint']))
  await step('format', () => labelled('checks', 'npm', ['run', 'format:check']))
  await step('generated files are current', () => labelled('checks', 'npx', ['tsx', 'scripts/check-generated.ts']))
  await sweepVitest(runners, instants, { rotate: true })
  await ensureChromium()
  await sweepE2e(runners, instants, { inTestRun: true })
}
if (SERIAL) {
  await browser()
  await unitChecksAndSweep()
} else await Promise.all([browser(), unitChecksAndSweep()])

runners.finish()
