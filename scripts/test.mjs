#!/usr/bin/env node
// `npm test`: every test on a fresh machine — the build (web and server); then static checks,
// unit and server integration on embedded Postgres (with the production install of the build:
// apps/server/test/production.test.ts) one after the other and, at the same time, browser e2e
// with Playwright in Debian's Chromium against the built app (playwright.config.ts): the e2e
// mostly waits on pages, so it overlaps the CPU-bound rest (docs/adr/2026-11-24-e2e-playwright.md;
// lines are prefixed [checks], [unit] or [e2e]; TEST_SERIAL=1 runs all one after the other).
// Ends with one line `tests: N passed, N failed`.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { ensureChromium, ensureInstalled, ROOT, run } from './lib.mjs'

const SERIAL = process.env.TEST_SERIAL === '1'

const reports = mkdtempSync(path.join(tmpdir(), 'kinetic-test-'))
const totals = { passed: 0, failed: 0, skipped: 0 }
let failedStep

async function step(name, fn) {
  console.log(`\n== ${name}`)
  try {
    await fn()
  } catch (error) {
    console.error(`!! ${name}: ${error.message}`)
    failedStep ??= name
  }
}

/** `run`, with each line of output prefixed `[label]` while steps run side by side. */
function labelled(label, command, args, options = {}) {
  if (SERIAL) return run(command, args, options)
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], ...options })
    for (const [input, output] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ])
      createInterface({ input }).on('line', (line) => output.write(`[${label}] ${line}\n`))
    child.on('error', reject)
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    )
  })
}

async function vitest(name, projects) {
  const report = path.join(reports, `${name}.json`)
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p])]
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${report}`)
  const outcome = await labelled(name, 'npx', args).then(
    () => undefined,
    (error) => error,
  )
  const json = readReport(report)
  if (!json) {
    totals.failed += 1
    throw outcome ?? new Error(`${name}: vitest wrote no report`)
  }
  totals.passed += json.numPassedTests
  // a suite that failed to load counts too; and the report, not vitest's exit code, decides
  // (a global setup's exit hook can end vitest with 0 after a failure)
  totals.failed += json.numFailedTests
  if (!json.success && json.numFailedTests === 0) totals.failed += 1 // a file failed to load or run
  totals.skipped += json.numPendingTests + json.numTodoTests
  if (outcome) throw outcome
  if (json.numTotalTests === 0) throw new Error(`${name}: no test ran`)
}

/** Playwright with its JSON report; a test that passed only on its retry counts as failed. */
async function playwright(name) {
  const report = path.join(reports, `${name}.json`)
  const env = { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: report }
  const outcome = await labelled(name, 'npx', ['playwright', 'test', '--reporter=list,json'], { env }).then(
    () => undefined,
    (error) => error,
  )
  const json = readReport(report)
  if (!json) {
    totals.failed += 1
    throw outcome ?? new Error(`${name}: Playwright wrote no report`)
  }
  const { expected, unexpected, flaky, skipped } = json.stats
  totals.passed += expected
  totals.failed += unexpected + flaky
  // an error outside any test (global setup, a file that failed to load) counts too
  if (json.errors.length > 0 && unexpected + flaky === 0) totals.failed += 1
  totals.skipped += skipped
  if (flaky > 0) console.error(`${name}: ${flaky} test(s) passed only on their retry, counted as failed`)
  if (outcome) throw outcome
  if (expected === 0) throw new Error(`${name}: no test ran`)
}

function readReport(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    return undefined
  }
}

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
}
const browser = () =>
  step('browser', async () => {
    await ensureChromium()
    await playwright('e2e')
  })
if (SERIAL) {
  await checksAndUnit()
  await browser()
} else await Promise.all([checksAndUnit(), browser()])

console.log(
  `\ntests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
)
if (failedStep || totals.failed > 0) {
  console.error(`failed at: ${failedStep ?? 'a test (see above)'}`)
  process.exit(1)
}
