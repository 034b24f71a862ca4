import fc from 'fast-check'
import { parseUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import { add, formatDecimal, multiply, parseDecimal, toBaseUnits } from './money.ts'
import { DEFAULT_PRICES_USD, pairPrice, tablePrices } from './prices.ts'

describe('decimal money', () => {
  it('multiplies a token balance by a price without losing a digit', () => {
    const balance = { units: 1_234_567_890_123_456_789n, scale: 18 } // 1.234567890123456789 BNB
    expect(formatDecimal(multiply(balance, parseDecimal('600')))).toBe('740.7407340740740734')
    expect(formatDecimal(multiply({ units: 1n, scale: 18 }, parseDecimal('0.05')))).toBe('0.00000000000000000005')
  })

  it('adds values of different scales exactly', () => {
    expect(formatDecimal(add(parseDecimal('0.1'), parseDecimal('0.2')))).toBe('0.3')
    expect(formatDecimal(add(parseDecimal('999999999999999999.99'), parseDecimal('0.01')))).toBe('1000000000000000000')
  })

  it('reads back what it writes', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 40n }), fc.integer({ min: 0, max: 30 }), (units, scale) => {
        const text = formatDecimal({ units, scale })
        const back = parseDecimal(text)
        expect(back.units * 10n ** BigInt(scale)).toBe(units * 10n ** BigInt(back.scale))
      }),
    )
  })

  it('refuses an amount with more decimals than the coin has, instead of rounding it', () => {
    expect(toBaseUnits('1.5', 18)).toBe(1_500_000_000_000_000_000n)
    expect(toBaseUnits('1.50', 1)).toBe(15n)
    expect(toBaseUnits('0.001', 2)).toBeUndefined()
    expect(toBaseUnits('7', 0)).toBe(7n)
  })
})

describe('the configured price table', () => {
  it('prices BNB, USDT and KNT by default, by symbol in any case', async () => {
    const prices = await tablePrices(undefined).usd(['BNB', 'usdt', 'KNT', 'DOGE'])
    expect(Object.keys(DEFAULT_PRICES_USD)).toEqual(['BNB', 'USDT', 'KNT'])
    expect([...prices.keys()]).toEqual(['BNB', 'usdt', 'KNT'])
    expect(formatDecimal(prices.get('KNT')!)).toBe('0.05')
  })

  it('takes PRICES_USD as JSON of decimal strings', async () => {
    const prices = await tablePrices('{"BNB":"612.5","KNT":0.1}').usd(['BNB', 'KNT', 'USDT'])
    expect(formatDecimal(prices.get('BNB')!)).toBe('612.5')
    expect(formatDecimal(prices.get('KNT')!)).toBe('0.1')
    expect(prices.has('USDT')).toBe(false)
  })

  it('stops the start on a table that is not one', () => {
    expect(() => tablePrices('[1]')).toThrow(/JSON object/)
    expect(() => tablePrices('{"BNB":"-1"}')).toThrow(/PRICES_USD.BNB/)
    expect(() => tablePrices('{"BNB":1e21}')).toThrow(/PRICES_USD.BNB/)
    expect(() => tablePrices('not json')).toThrow()
  })
})

describe('a quote from a DEX pair', () => {
  it('divides the reserves with both sides’ decimals and multiplies by the quote’s price', () => {
    const usd = parseDecimal('1')
    // 100 WBNB (18 decimals) against 61,250 of a 6-decimal dollar: 612.5 per BNB
    const bnb = pairPrice({
      coinReserve: parseUnits('100', 18),
      coinDecimals: 18,
      quoteReserve: parseUnits('61250', 6),
      quoteDecimals: 6,
      quoteUsd: usd,
    })
    expect(formatDecimal(bnb!)).toBe('612.5')
    // 3 of an 8-decimal coin against 1 of an 18-decimal quote worth 2 USD: 0.666… rounded down to 18 digits, × 2
    const third = pairPrice({
      coinReserve: 3n * 10n ** 8n,
      coinDecimals: 8,
      quoteReserve: 10n ** 18n,
      quoteDecimals: 18,
      quoteUsd: parseDecimal('2'),
    })
    expect(formatDecimal(third!)).toBe('0.666666666666666666')
  })

  it('has no price for an empty pair', () => {
    const empty = { coinDecimals: 18, quoteDecimals: 18, quoteUsd: parseDecimal('1') }
    expect(pairPrice({ ...empty, coinReserve: 0n, quoteReserve: 5n })).toBeUndefined()
    expect(pairPrice({ ...empty, coinReserve: 5n, quoteReserve: 0n })).toBeUndefined()
  })
})
