#!/usr/bin/env node
// `npm test`: every test on a fresh machine, one part after the other, each using every core
// (docs/adr/2026-11-29-a-suite-that-fits.md: on two cores, the browser e2e beside the server tests
// made both slower than in turn): the build (web and server); the static checks, at once; unit and
// server integration on embedded Postgres (with the production install of the build:
// apps/server/test/production.test.ts) and, beside them on the same Postgres and chain, the clock
// sweep's server files (scripts/clock.mjs, docs/adr/2026-11-28-time-is-an-input.md), each at one of
// the five instants in turn (every instant covered); the browser e2e with Playwright in Debian's
// Chromium against the built app (playwright.config.ts); then the browser files `e2eInTestRun`
// names at their instants. `npm run test:clock` runs every date-sensitive file at every instant.
// Ends with one line `tests: N passed, N failed`; each part prints its time (`== part: N s`).
import { ensureChromium, ensureInstalled, run, runTogether } from './lib.mjs'
import { clockProjects, sweepE2e, sweepInstants, UNIT_PROJECTS } from './clock.mjs'
import { createRunners } from './runners.mjs'

const runners = createRunners()
const { step, vitest, playwright } = runners
const instants = sweepInstants()

await ensureInstalled()
// first: the e2e tests run against the build, and a server test packs and installs it
await step('build', () => run('npm', ['run', 'build']))
// the static checks at once, each the package script of its name: each is one process, mostly on
// one core (docs/adr/2026-11-29-a-suite-that-fits.md: 126 s one after the other)
await step('static checks', () =>
  runTogether(
    ['typecheck:server', 'typecheck:web', 'typecheck:e2e', 'lint', 'format:check', 'check:generated'].map((script) => ({
      name: script,
      command: 'npm',
      args: ['run', '--silent', script],
    })),
  ),
)
// with the clock sweep's server files, each at one of its instants (scripts/clock.mjs)
const sweep = clockProjects(instants, { rotate: true })
await step('unit and server integration', () =>
  vitest('unit', [...UNIT_PROJECTS, ...sweep.projects], { env: sweep.env }),
)
await step('browser', async () => {
  await ensureChromium()
  await playwright('e2e')
})
await sweepE2e(runners, instants, { inTestRun: true })

runners.finish()
