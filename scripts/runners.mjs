// The test runners of `npm test` and `npm run test:clock`: vitest and Playwright with their JSON
// reports, counted into one tally (`tests: N passed, N failed`).
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { run } from './lib.mjs'

export function createRunners() {
  const reports = mkdtempSync(path.join(tmpdir(), 'kinetic-test-'))
  const totals = { passed: 0, failed: 0, skipped: 0 }
  let failedStep

  async function step(name, fn) {
    console.log(`\n== ${name}`)
    const began = Date.now()
    try {
      await fn()
    } catch (error) {
      console.error(`!! ${name}: ${error.message}`)
      failedStep ??= name
    } finally {
      console.log(`== ${name}: ${((Date.now() - began) / 1000).toFixed(0)} s`)
    }
  }

  /** vitest on `projects` (and only `files`, when given), counted from its JSON report. */
  async function vitest(name, projects, { files = [], env = process.env } = {}) {
    const report = path.join(reports, `${name}.json`)
    const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), ...files]
    args.push('--reporter=default', '--reporter=json', `--outputFile.json=${report}`)
    const outcome = await run('npx', args, { env }).then(
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
  async function playwright(name, { files = [], env = process.env } = {}) {
    const report = path.join(reports, `${name}.json`)
    const outcome = await run('npx', ['playwright', 'test', '--reporter=list,json', ...files], {
      env: { ...env, PLAYWRIGHT_JSON_OUTPUT_FILE: report },
    }).then(
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

  /** Prints `tests: N passed, N failed` and exits 1 when anything failed. */
  function finish() {
    console.log(
      `\ntests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
    )
    if (failedStep || totals.failed > 0) {
      console.error(`failed at: ${failedStep ?? 'a test (see above)'}`)
      process.exit(1)
    }
  }

  return { step, vitest, playwright, finish }
}

function readReport(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    return undefined
  }
}
