#!/usr/bin/env node
// After `vite build`: writes a brotli (.br) and a gzip (.gz) copy beside every text file of
// apps/web/dist/assets (Vite's bundles), which the server sends to browsers that accept them (@fastify/static
// `preCompressed`). Compressing once at build time costs nothing per request; a phone on a
// slow network then downloads about a third of the JS.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const ASSETS = path.resolve(import.meta.dirname, '../apps/web/dist/assets')
const TEXT = /\.(js|mjs|css|svg|json|txt)$/
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name)
    if (statSync(file).isDirectory()) yield* files(file)
    else yield file
  }
}

let count = 0
for (const file of files(ASSETS)) {
  if (!TEXT.test(file)) continue
  const bytes = readFileSync(file)
  if (bytes.length < MIN_BYTES) continue
  writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }))
  count++
}
console.log(`precompressed ${count} files in apps/web/dist/assets (.br, .gz)`)
