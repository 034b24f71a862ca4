// The routes the API measures compare against, run in their own process by bench/api.ts (never
// by the app, so nothing here reaches a production path; docs/adr/2026-11-25-bench-floor-and-growth.md):
//  - `/bare`: a Fastify route parsing the same form body as /v1/index and answering a small
//    envelope — the HTTP stack alone;
//  - `/floor` (when FLOOR_DATABASE_URL is set): the same, plus exactly one query through the
//    server's own pool code and settings (`connect()` of platform/db, its default size) on the
//    server under test's database — the physical floor of a read that needs Postgres once.
// Prints `listening <port>` once ready and stops on SIGTERM.
import type { AddressInfo } from 'node:net'
import formbody from '@fastify/formbody'
import Fastify from 'fastify'
import qs from 'qs'
import { connect } from '../apps/server/src/platform/db/client.ts'

const server = Fastify({ logger: false })
await server.register(formbody, { parser: (body) => qs.parse(body) })
server.post('/bare', async () => ({ code: true, msg: 'success', data: { app_version: '1.0.0' } }))
const url = process.env.FLOOR_DATABASE_URL
const database = url ? connect(url) : undefined
if (database)
  server.post('/floor', async () => {
    const { rows } = await database.pool.query<{ one: number }>('SELECT 1 AS one')
    return { code: true, msg: 'success', data: { one: rows[0]!.one } }
  })
await server.listen({ port: 0, host: '127.0.0.1' })
console.log(`listening ${(server.server.address() as AddressInfo).port}`)
process.on('SIGTERM', () => void Promise.all([server.close(), database?.close()]).then(() => process.exit(0)))
