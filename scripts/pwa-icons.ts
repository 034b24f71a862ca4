/**
 * Renders the installed app's icons (apps/web/public/icons/*.png) from the logo
 * (apps/web/public/favicon.svg) with resvg: `npx tsx scripts/pwa-icons.ts`. The PNGs are
 * committed; run this again after changing the logo. The maskable icon fills its square with
 * the logo's gradient and keeps the mark inside the 80% safe zone a launcher may crop to.
 */
import { Resvg } from '@resvg/resvg-js'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const web = path.join(import.meta.dirname, '../apps/web/public')
const logo = readFileSync(path.join(web, 'favicon.svg'), 'utf8')

const defs = /<defs>[\s\S]*<\/defs>/.exec(logo)?.[0]
const mark = /<path[\s\S]*<\/svg>/.exec(logo)?.[0].replace('</svg>', '')
if (!defs || !mark) throw new Error('favicon.svg: no <defs> or mark to build the maskable icon from')
const maskable =
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${defs}` +
  `<rect width="64" height="64" fill="url(#g)"/>` +
  `<g transform="translate(32 32) scale(0.62) translate(-32 -32)">${mark}</g></svg>`

const icons: [file: string, svg: string, size: number][] = [
  ['icon-192.png', logo, 192],
  ['icon-512.png', logo, 512],
  ['maskable-512.png', maskable, 512],
  ['apple-touch-icon-180.png', maskable, 180],
]
for (const [file, svg, size] of icons) {
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng()
  writeFileSync(path.join(web, 'icons', file), png)
  console.log(`icons/${file}: ${size}×${size}, ${png.length} bytes`)
}
