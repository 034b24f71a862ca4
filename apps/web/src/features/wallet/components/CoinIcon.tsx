import { useState } from 'react'
import assets from './Assets.module.css'

/** Colours for coins without a logo, picked by symbol so a coin keeps its colour. */
const PALETTE = ['#f0b90b', '#26a17b', '#4f7bff', '#22d3ee', '#a855f7', '#f43f5e', '#c6f432']
const KNOWN: Record<string, string> = { BNB: '#f0b90b', USDT: '#26a17b', KNT: '#4f7bff' }

function colourOf(symbol: string): string {
  const known = KNOWN[symbol.toUpperCase()]
  if (known) return known
  let hash = 0
  for (const char of symbol) hash = (hash * 31 + char.charCodeAt(0)) >>> 0
  return PALETTE[hash % PALETTE.length] as string
}

/** The coin's logo when it is served by the app, else its initial on the coin's colour. */
export function CoinIcon({ symbol, logo, size = 40 }: { symbol: string; logo?: string; size?: number }) {
  const [broken, setBroken] = useState(false)
  const local = logo && (logo.startsWith('/') || logo.startsWith('data:'))
  const style = { width: `${size / 37.5}rem`, height: `${size / 37.5}rem`, fontSize: `${(size * 0.42) / 37.5}rem` }
  if (local && !broken) {
    return <img className={assets.coinIcon} style={style} src={logo} alt="" onError={() => setBroken(true)} />
  }
  return (
    <span className={assets.coinIcon} style={{ ...style, background: colourOf(symbol) }} aria-hidden="true">
      {symbol.slice(0, 1).toUpperCase()}
    </span>
  )
}
