#!/usr/bin/env node
// `npm test`: every test on a fresh machine, one part after the other, each using every core
// (docs/adr/2026-11-29-a-suite-that-fits.md: on two cores, the browser e2e beside the server tests
// made both slower than in turn): the build (web and server); the static checks; unit and server
// integration on embedded Postgres (with the production install of the build:
// apps/server/test/production.test.ts); the browser e2e with Playwright in Debian's Chromium against
// the built app (playwright.config.ts); then the clock sweep (scripts/clock.mjs,
// docs/adr/2026-11-28-time-is-an-input.md): each date-sensitive unit and server file at one of the
// five instants in turn (every instant covered), and the browser files `e2eInTestRun` names at their
// instants. `npm run test:clock` runs every date-sensitive file at every instant.
// Ends with one line `tests: N passed, N failed`; each part prints its time (`== part: N s`).
import { ensureChromium, ensureInstalled, run } from './lib.mjs'
import { sweepE2e, sweepInstants, sweepVitest } from './clock.mjs'
import { createRunners } from './runners.mjs'

const runners = createRunners()
const { step, vitest, playwright } = runners
const instants = sweepInstants()

await ensureInstalled()
// first: the e2e tests run against the build, and a server test packs and installs it
await step('build', () => run('npm', ['run', 'build']))
await step('typecheck', () => run('npm', ['run', 'typecheck']))
await step('lint', () => run('npm', ['run', 'lint']))
await step('format', () => run('npm', ['run', 'format:check']))
await step('generated files are current', () => run('npx', ['tsx', 'scripts/check-generated.ts']))
await step('unit and server integration', () =>
  vitest('unit', ['protocol', 'wallet-core', 'tools', 'web', 'server', 'server-own-chain']),
)
await step('browser', async () => {
  await ensureChromium()
  await playwright('e2e')
})
await sweepVitest(runners, instants, { rotate: true })
await sweepE2e(runners, instants, { inTestRun: true })

runners.finish()
