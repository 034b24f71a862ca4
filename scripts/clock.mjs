// The clock sweep's instants (docs/adr/2026-11-28-time-is-an-input.md): the date-sensitive tests
// (scripts/clock-tests.json) run with their clock started at each (TEST_NOW, with TEST_ZONE the zone
// of the accounts they create; apps/server/src/platform/test-clock.ts). Each instant is the next one
// after `from` with its local meaning, so it is always in the future of the run: what a test pinned at
// it depends on is the wall clock there, not the date.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { ROOT } from './lib.mjs'

const HALF_HOUR = 1_800_000
const formats = new Map()

/** The wall clock of `zone` at instant `t` (ms). */
export function wallClock(zone, t) {
  let format = formats.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      weekday: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    })
    formats.set(zone, format)
  }
  const o = Object.fromEntries(format.formatToParts(new Date(t)).map((p) => [p.type, p.value]))
  const wall = { weekday: o.weekday, year: +o.year, month: +o.month, day: +o.day, hour: +o.hour, minute: +o.minute }
  return { ...wall, offsetMin: (Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute) - t) / 60_000 }
}

/** The first half hour after `from` whose wall clock in `zone` satisfies `test`. */
function next(zone, from, test) {
  let t = Math.ceil((from + 1) / HALF_HOUR) * HALF_HOUR
  for (let i = 0; i < 2 * 24 * 400; i++, t += HALF_HOUR) if (test(wallClock(zone, t), t)) return t
  throw new Error(`no such instant in ${zone} within 400 days`)
}

const SHANGHAI = 'Asia/Shanghai'
const NEW_YORK = 'America/New_York'

/** The sweep: name, instant (ISO), the test accounts' zone and what it is there for. */
export function sweepInstants(from = Date.now()) {
  const sunday = next(SHANGHAI, from, (w) => w.weekday === 'Sun' && w.hour === 23 && w.minute === 30)
  const monthEnd = next(
    SHANGHAI,
    from,
    (w, t) => w.hour === 23 && w.minute === 30 && wallClock(SHANGHAI, t + 3_600_000).day === 1,
  )
  // 23:30 on a day whose offset changed since its 00:30: the day of 23 or 25 hours
  const dst = next(NEW_YORK, from, (w, t) => {
    if (w.hour !== 23 || w.minute !== 30) return false
    return wallClock(NEW_YORK, t - 23 * 3_600_000).offsetMin !== w.offsetMin
  })
  const utc1930 = next('UTC', from, (w) => w.hour === 19 && w.minute === 30)
  const at = (t) => new Date(t).toISOString()
  return [
    {
      name: 'sunday-2330',
      now: at(sunday),
      zone: SHANGHAI,
      why: 'Sunday 23:30 in Shanghai: the last half hour of a week',
    },
    {
      name: 'monday-0030',
      now: at(sunday + HALF_HOUR * 2),
      zone: SHANGHAI,
      why: 'Monday 00:30 in Shanghai: a week just begun',
    },
    { name: 'month-end', now: at(monthEnd), zone: SHANGHAI, why: 'the last day of a month, 23:30 in Shanghai' },
    { name: 'new-york-dst', now: at(dst), zone: NEW_YORK, why: '23:30 in New York on a daylight-saving change day' },
    { name: 'utc-1930', now: at(utc1930), zone: SHANGHAI, why: '19:30 UTC: 03:30 of the next day in Shanghai' },
  ]
}

/**
 * The date-sensitive test files: `vitest` and `e2e` (all of them, at every instant, in
 * `npm run test:clock`) and `e2eInTestRun` (instant name → browser files `npm test` runs there).
 */
export function clockTests() {
  const list = JSON.parse(readFileSync(path.join(ROOT, 'scripts/clock-tests.json'), 'utf8'))
  return { vitest: list.vitest ?? [], e2e: list.e2e ?? [], e2eInTestRun: list.e2eInTestRun ?? {} }
}

/** The vitest projects of every unit and server file (vitest.config.ts), the sweep's aside. */
export const UNIT_PROJECTS = ['protocol', 'wallet-core', 'tools', 'web', 'server', 'server-own-chain']

const atInstant = (at) => ({ ...process.env, TEST_NOW: at.now, TEST_ZONE: at.zone })
const label = (at) => `clock ${at.name} (${at.now}, accounts in ${at.zone})`

/** Each file at every instant or (`rotate`) at one instant in turn: file j at instant j mod n. */
const share = (files, instants, i, rotate) => (rotate ? files.filter((_, j) => j % instants.length === i) : files)

/**
 * The vitest projects (vitest.config.ts) of the date-sensitive unit and server files at every
 * instant of the sweep or (`rotate`, in `npm test`) each file at one instant in turn, so every
 * instant is covered and every file once: `{ projects, env }` for `vitest()`, to run beside the
 * others on the run's Postgres and chain.
 */
export function clockProjects(instants = sweepInstants(), { rotate = false } = {}) {
  const { vitest: files } = clockTests()
  const projects = instants
    .map((at, i) => ({
      name: `clock-${at.name}`,
      files: share(files, instants, i, rotate),
      now: at.now,
      zone: at.zone,
    }))
    .filter((project) => project.files.length > 0)
  for (const project of projects)
    console.log(`${project.name}: ${project.files.length} files at ${project.now} (accounts in ${project.zone})`)
  return {
    projects: projects.map((project) => project.name),
    env: { ...process.env, KINETIC_CLOCK_PROJECTS: JSON.stringify(projects) },
  }
}

/**
 * The date-sensitive browser files at every instant, or (`inTestRun`, in `npm test`) only the
 * files `e2eInTestRun` names for an instant: the browser failures the sweep was made for, at the
 * instant each failed.
 */
export async function sweepE2e({ step, playwright }, instants = sweepInstants(), { inTestRun = false } = {}) {
  const { e2e, e2eInTestRun } = clockTests()
  for (const at of instants) {
    const mine = inTestRun ? (e2eInTestRun[at.name] ?? []) : e2e
    if (mine.length === 0) continue
    await step(`${label(at)}: browser`, () =>
      playwright(`clock-e2e-${at.name}`, {
        files: mine,
        env: { ...atInstant(at), E2E_RESULTS: `apps/web/e2e/results-clock/${at.name}` },
      }),
    )
  }
}
