// `npm run bench`: builds the web app and the server, measures every budget of DESIGN §10 (and the wallet's
// multicall balance load, the 500-user load) and writes bench/results/latest.json
// plus a table. Ratios next to a bare Fastify route in the same run, not absolute times, are
// what compare across machines. `npm run bench -- api load` runs only the parts named
// (web, chain, health, growth, lighthouse, api, earning, load); `npm run bench:load` is `-- load`.
// `-- growth` is the growth run alone (bench/growth.ts, about 10 minutes at its default sizes).
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { CONNECTIONS, fixture, measureApi } from './api.ts'
import { budgetRows, type Results } from './budgets.ts'
import { measureBalances } from './chain.ts'
import { measureEarning } from './earning.ts'
import { measureGrowth } from './growth.ts'
import { measureHealth } from './health.ts'
import { CHROMIUM, measureLighthouse } from './lighthouse.ts'
import { simulateUsers } from './load.ts'
import { operatorSetUp } from './people.ts'
import { startServer } from './server.ts'
import { buildWeb, measureWeb } from './web.ts'

const ROOT = path.resolve(import.meta.dirname, '..')
const PARTS = ['web', 'chain', 'health', 'growth', 'lighthouse', 'api', 'earning', 'load'] as const
type Part = (typeof PARTS)[number]
const asked = process.argv.slice(2)
for (const part of asked) if (!PARTS.includes(part as Part)) throw new Error(`unknown part ${part}: ${PARTS.join(' ')}`)
const runs = (part: Part) => asked.length === 0 || asked.includes(part)
const step = (text: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${text}`)

const results: Results = {}

// the growth run and the server under test are the built server
const building = runs('web') || runs('growth') || runs('lighthouse') || runs('api') || runs('earning') || runs('load')
if (building) {
  step('building the web app and the server')
  buildWeb()
}
if (runs('web')) results.web = measureWeb()
if (runs('chain')) {
  step('wallet balances on a dev chain')
  results.chain = await measureBalances()
}
if (runs('health')) {
  step('health ingest and weekly report')
  results.health = await measureHealth()
}
if (runs('growth')) {
  step('growth: 1, 12 and 52 weeks of history at 1x and 10x the users')
  results.growth = await measureGrowth()
}
if (runs('lighthouse') || runs('api') || runs('earning') || runs('load')) {
  step('starting the server under test')
  const server = await startServer()
  try {
    const shop = await operatorSetUp(server, 1000)
    const person = await fixture(server, shop)
    if (runs('lighthouse') && !existsSync(CHROMIUM))
      step(`lighthouse skipped: no Chromium at ${CHROMIUM} (CHROME_PATH)`)
    else if (runs('lighthouse')) {
      step('lighthouse')
      results.lighthouse = await measureLighthouse(server.base, person.client.cookieHeader)
    }
    if (runs('api')) {
      step(`hot operations at ${CONNECTIONS} connections`)
      results.api = await measureApi(server, shop)
    }
    if (runs('earning')) {
      step('concurrent claims and buys')
      results.earning = await measureEarning(server, shop, person.client)
    }
    if (runs('load')) {
      step('simulated users')
      results.load = await simulateUsers(server, shop)
    }
    await server.stop()
    step('ledger reconciliation (npm run ledger:check)')
    const check = spawnSync('npm', ['run', '--silent', 'ledger:check'], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: '', DATABASE_URL: server.databaseUrl },
      encoding: 'utf8',
    })
    results.ledger = { ok: check.status === 0, output: `${check.stdout}${check.stderr}`.trim() }
  } finally {
    await server.cleanUp()
  }
}

const budgets = budgetRows(results)
mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true })
writeFileSync(
  path.join(ROOT, 'bench/results/latest.json'),
  JSON.stringify(
    { at: new Date().toISOString(), machine: { node: process.version, connections: CONNECTIONS }, ...results, budgets },
    null,
    2,
  ) + '\n',
)
if (results.api) console.table(results.api.loads)
if (results.growth)
  console.table(
    results.growth.points.flatMap((p) => p.operations.map((o) => ({ users: p.users, weeks: p.weeks, ...o }))),
  )
if (results.growth) console.log('growth timing:', results.growth.timing)
if (results.load) console.table(results.load.operations)
if (results.lighthouse) console.table(results.lighthouse)
console.table(budgets.map(({ note: _note, ...row }) => row))
const gaps = new Map<string, string[]>()
for (const b of budgets) if (b.note) gaps.set(b.note, [...(gaps.get(b.note) ?? []), b.budget])
for (const [note, missed] of gaps) console.log(`- ${missed.join('; ')}: ${note}`)
console.log('wrote bench/results/latest.json')
