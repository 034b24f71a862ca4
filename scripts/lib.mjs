// Shared steps of `npm start` and `npm test`. Plain Node: runs before anything is installed.
import { Buffer } from 'node:buffer'
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')

export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options })
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    )
  })
}

/**
 * Runs `commands` ({name, command, args}) at the same time, each one's output held back and
 * printed whole when it ends (so two never interleave); rejects, naming every one that failed,
 * once all have ended.
 */
export async function runTogether(commands) {
  const failed = []
  await Promise.all(
    commands.map(
      ({ name, command, args }) =>
        new Promise((resolve) => {
          const began = Date.now()
          const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
          const output = []
          child.stdout.on('data', (chunk) => output.push(chunk))
          child.stderr.on('data', (chunk) => output.push(chunk))
          const done = (code) => {
            const seconds = ((Date.now() - began) / 1000).toFixed(0)
            process.stdout.write(
              `-- ${name} (${command} ${args.join(' ')}): ${code === 0 ? 'ok' : 'FAILED'} in ${seconds} s\n`,
            )
            process.stdout.write(Buffer.concat(output))
            if (code !== 0) failed.push(name)
            resolve()
          }
          child.on('error', (error) => {
            output.push(Buffer.from(`${error.message}\n`))
            done(-1)
          })
          child.on('close', done)
        }),
    ),
  )
  if (failed.length > 0) throw new Error(`failed: ${failed.join(', ')}`)
}

/** `npm ci` when node_modules is missing or older than the lockfile. */
export async function ensureInstalled() {
  const marker = path.join(ROOT, 'node_modules/.package-lock.json')
  const lock = path.join(ROOT, 'package-lock.json')
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return
  await run('npm', ['ci', '--no-audit', '--no-fund'])
}

function newestMtime(dir) {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue
    const full = path.join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs)
  }
  return newest
}

/** Whether apps/web/dist is missing or older than the web or protocol sources. */
export function webIsStale() {
  const built = path.join(ROOT, 'apps/web/dist/index.html')
  if (!existsSync(built)) return true
  const sources = [
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'packages/protocol/src',
  ]
    .map((p) => path.join(ROOT, p))
    .filter(existsSync)
    .map((p) => (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs))
  return Math.max(...sources) > statSync(built).mtimeMs
}

export const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium'

/** Debian's CJK fonts, so the zh-CN and zh-TW screens show text rather than boxes. */
const CJK_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc'

/** Installs Debian's chromium and the CJK fonts when either is missing, as root. */
export async function ensureChromium() {
  if (existsSync(CHROMIUM) && existsSync(CJK_FONT)) return
  if (process.getuid?.() !== 0)
    throw new Error(`${CHROMIUM} or ${CJK_FONT} is missing: apt-get install chromium fonts-noto-cjk`)
  await run('apt-get', ['update', '-qq'])
  await run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-noto-cjk'], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
}

export function hasCommand(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`]).status === 0
}
