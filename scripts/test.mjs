#!/usr/bin/env node
// `npm test`: every test on a fresh machine — the build (web and server); then static checks,
// unit and server integration on embedded Postgres (with the production install of the build:
// apps/server/test/production.test.ts) one after the other and, at the same time, browser e2e
// with Playwright in Debian's Chromium against the built app (playwright.config.ts): the e2e
// mostly waits on pages, so it overlaps the CPU-bound rest (docs/adr/2026-11-24-e2e-playwright.md;
// lines are prefixed [checks], [unit] or [e2e]; TEST_SERIAL=1 runs all one after the other).
// Each side ends with the clock sweep (scripts/clock.mjs, docs/adr/2026-11-28-time-is-an-input.md):
// each date-sensitive unit and server file at one of the five instants in turn (every instant
// covered), and the browser files `e2eInTestRun` names at their instants; `npm run test:clock`
// runs every date-sensitive file at every instant.
// Ends with one line `tests: N passed, N failed`.
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
// the CPU-bound checks and server tests one after the other, beside the e2e tests, which mostly wait on pages
const checksAndUnit = async () => {
  await step('typecheck', () => labelled('checks', 'npm', ['run', 'typecheck']))
  await step('lint', () => labelled('checks', 'npm', ['run', 'lint']))
  await step('format', () => labelled('checks', 'npm', ['run', 'format:check']))
  await step('generated files are current', () => labelled('checks', 'npx', ['tsx', 'scripts/check-generated.ts']))
  await step('unit and server integration', () => vitest('unit', ['protocol', 'wallet-core', 'tools', 'web', 'server']))
  await sweepVitest(runners, instants, { rotate: true })
}
const browser = async () => {
  await step('browser', async () => {
    await ensureChromium()
    await playwright('e2e')
  })
  await sweepE2e(runners, instants, { inTestRun: true })
}
if (SERIAL) {
  await checksAndUnit()
  await browser()
} else await Promise.all([checksAndUnit(), browser()])

runners.finish()
