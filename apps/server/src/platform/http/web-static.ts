import { existsSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import fp from 'fastify-plugin'

/**
 * The built web app (`apps/web/dist`: the page, the bundles, the service worker and the
 * operator console at /admin/), when it is built; otherwise a warning says how to build it.
 */
export const webStatic = fp<{ webDist: string }>(
  async (server, { webDist }) => {
    if (!existsSync(webDist)) {
      server.log.warn({ webDist }, 'web app not built: run `npm run build`')
      return
    }
    await server.register(fastifyStatic, {
      root: webDist,
      index: 'index.html',
      wildcard: true,
      // the service worker, the manifests and the page are checked with the server on every
      // load (a new build is found at once); the rest keeps @fastify/static's default
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const checked = /(?:^|[\\/])sw\.js$|\.webmanifest$|\.html$/.test(filePath)
        reply.setHeader('cache-control', checked ? 'no-cache' : 'public, max-age=0')
      },
    })
    // the bundles with the .br / .gz copies `npm run build` writes (scripts/precompress.mjs);
    // only here: @fastify/static answers 404 for a directory index (/, /admin/) with preCompressed
    await server.register(fastifyStatic, {
      root: path.join(webDist, 'assets'),
      prefix: '/assets/',
      preCompressed: true,
      decorateReply: false,
    })
    // the operator console is its own page (dist/admin/index.html)
    server.get('/admin', (_request, reply) => reply.redirect('/admin/'))
  },
  { name: 'web-static' },
)
