// The bare route the API measures compare against, run in its own process by bench/api.ts:
// a Fastify route parsing the same form body as /v1/index and answering a small envelope.
// Prints `listening <port>` once ready and stops on SIGTERM.
import type { AddressInfo } from 'node:net'
import formbody from '@fastify/formbody'
import Fastify from 'fastify'
import qs from 'qs'

const server = Fastify({ logger: false })
await server.register(formbody, { parser: (body) => qs.parse(body) })
server.post('/bare', async () => ({ code: true, msg: 'success', data: { app_version: '1.0.0' } }))
await server.listen({ port: 0, host: '127.0.0.1' })
console.log(`listening ${(server.server.address() as AddressInfo).port}`)
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)))
