import { isDecimal, parseDecimal, type Decimal } from './money.ts'

/** USD prices per whole coin, by symbol (upper-case). A coin without a price is unpriced. */
export interface PriceSource {
  usd(symbols: readonly string[]): Promise<Map<string, Decimal>>
}

/** Used when `PRICES_USD` is unset. */
export const DEFAULT_PRICES_USD: Readonly<Record<string, string>> = { BNB: '600', USDT: '1', KNT: '0.05' }

/**
 * A configured price table: `PRICES_USD` as JSON, e.g. `{"BNB":"600","USDT":"1"}` (decimal
 * strings; plain JSON numbers are read as their decimal text). An invalid table stops the
 * start rather than showing wrong values. An on-chain quote (a DEX pair) is a later adapter
 * behind the same interface.
 */
export function tablePrices(json: string | undefined): PriceSource {
  const table = new Map<string, Decimal>()
  const raw: unknown = json ? JSON.parse(json) : DEFAULT_PRICES_USD
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new Error('PRICES_USD must be a JSON object')
  for (const [symbol, value] of Object.entries(raw as Record<string, unknown>)) {
    const text = typeof value === 'number' || typeof value === 'string' ? String(value) : ''
    if (!isDecimal(text)) throw new Error(`PRICES_USD.${symbol} must be a decimal string, got ${JSON.stringify(value)}`)
    table.set(symbol.toUpperCase(), parseDecimal(text))
  }
  return {
    usd: async (symbols) =>
      new Map(symbols.flatMap((s) => (table.has(s.toUpperCase()) ? [[s, table.get(s.toUpperCase()) as Decimal]] : []))),
  }
}
