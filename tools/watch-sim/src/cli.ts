#!/usr/bin/env -S npx tsx
// watch-sim: plays a simulated watch against the device API. See ../README.md.
import { parseArgs } from 'node:util'
import { live, simulateDays } from './client.ts'

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:3000' },
    device: { type: 'string' },
    code: { type: 'string' },
    days: { type: 'string', default: '7' },
    seed: { type: 'string', default: '1' },
    end: { type: 'string' },
    tz: { type: 'string', default: 'Asia/Shanghai' },
    'hr-interval': { type: 'string', default: '10' },
    live: { type: 'boolean', default: false },
    interval: { type: 'string', default: '60' },
    help: { type: 'boolean', default: false },
  },
})

const usage = `usage: npx tsx tools/watch-sim/src/cli.ts --url http://127.0.0.1:3000 --device KW-DEMO-0001 --code ACT07919
         [--days 7] [--seed 1] [--end YYYY-MM-DD] [--tz Asia/Shanghai] [--hr-interval 10]
         [--live [--interval 60]]`

if (values.help || !values.device || !values.code) {
  console.log(usage)
  process.exit(values.help ? 0 : 1)
}
const common = {
  baseUrl: values.url.replace(/\/$/, ''),
  deviceCode: values.device,
  activationCode: values.code,
  seed: Number(values.seed),
  timeZone: values.tz,
}
if (values.live) {
  const controller = new AbortController()
  process.once('SIGINT', () => controller.abort())
  console.log(`live: sending every ${values.interval} s (Ctrl-C stops)`)
  await live({ ...common, intervalS: Number(values.interval), signal: controller.signal }, (n) =>
    console.log(`${new Date().toISOString()} sent ${n} new samples`),
  )
} else {
  const started = Date.now()
  const result = await simulateDays({
    ...common,
    days: Number(values.days),
    hrIntervalS: Number(values['hr-interval']),
    ...(values.end ? { end: values.end } : {}),
  })
  console.log(`sent ${result.batches} batches in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  console.log('accepted ', JSON.stringify(result.accepted))
  console.log('duplicate', JSON.stringify(result.duplicate))
}
