#!/usr/bin/env node
// `npm run test:clock`: the clock sweep alone (scripts/clock.mjs; docs/adr/2026-11-28-time-is-an-input.md):
// every date-sensitive unit, server and browser file (scripts/clock-tests.json) with its clock started at
// each instant of the sweep, against the current build (`npm run build` first for the browser files).
// `npm run test:clock -- <name>…` runs only the instants named. Ends with `tests: N passed, N failed`.
import { ensureChromium, ensureInstalled } from './lib.mjs'
import { clockProjects, sweepE2e, sweepInstants } from './clock.mjs'
import { createRunners } from './runners.mjs'

const runners = createRunners()
const names = process.argv.slice(2)
const instants = sweepInstants().filter((at) => names.length === 0 || names.includes(at.name))
if (instants.length === 0) throw new Error(`no such instant: ${names.join(', ')}`)
for (const at of instants) console.log(`${at.name}: ${at.now} (accounts in ${at.zone}) — ${at.why}`)

await ensureInstalled()
const sweep = clockProjects(instants)
await runners.step('clock sweep: unit and server', () => runners.vitest('clock', sweep.projects, { env: sweep.env }))
await ensureChromium()
await sweepE2e(runners, instants)
runners.finish()
