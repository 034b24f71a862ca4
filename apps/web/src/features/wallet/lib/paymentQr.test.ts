import { describe, expect, it } from 'vitest'
import { eip681Units, readPaymentQr } from './paymentQr'

const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const USDT = '0x55d398326f99059fF775485246999027B3197955'
const coins = [
  { id: 1, contract: null, decimals: 18 },
  { id: 2, contract: USDT.toLowerCase(), decimals: 18 },
]

describe('readPaymentQr', () => {
  it('takes a plain address, in any case, and refuses a wrong checksum', () => {
    expect(readPaymentQr(` ${TO}\n`, 56, coins)).toEqual({ ok: true, to: TO })
    expect(readPaymentQr(TO.toLowerCase(), 56, coins)).toEqual({ ok: true, to: TO.toLowerCase() })
    expect(readPaymentQr(TO.replace('C51812', 'c51812'), 56, coins)).toEqual({ ok: false, problem: 'notAddress' })
  })

  it('takes an EIP-681 BNB request: address, chain, value in wei', () => {
    expect(readPaymentQr(`ethereum:${TO}@56?value=2.014e18`, 56, coins)).toEqual({
      ok: true,
      to: TO,
      coinId: 1,
      amount: '2.014',
    })
    expect(readPaymentQr(`ethereum:pay-${TO}`, 56, coins)).toEqual({ ok: true, to: TO, coinId: 1 })
  })

  it('takes an EIP-681 token transfer: the token, the recipient and the amount in base units', () => {
    expect(readPaymentQr(`ethereum:${USDT}@56/transfer?address=${TO}&uint256=1500000000000000000`, 56, coins)).toEqual({
      ok: true,
      to: TO,
      coinId: 2,
      amount: '1.5',
    })
    expect(readPaymentQr(`ethereum:${USDT}/transfer?address=${TO}`, 56, coins)).toEqual({ ok: true, to: TO, coinId: 2 })
  })

  it('names what is wrong: another chain, a token the wallet does not list, not an address', () => {
    expect(readPaymentQr(`ethereum:${TO}@1`, 56, coins)).toEqual({ ok: false, problem: 'otherChain', chainId: 1 })
    const other = '0x0000000000000000000000000000000000000001'
    expect(readPaymentQr(`ethereum:${other}@56/transfer?address=${TO}&uint256=1`, 56, coins)).toEqual({
      ok: false,
      problem: 'unknownToken',
      contract: other,
    })
    for (const text of ['https://example.com', 'bitcoin:bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh', '0x1234', '']) {
      expect(readPaymentQr(text, 56, coins), text).toEqual({ ok: false, problem: 'notAddress' })
    }
    expect(readPaymentQr(`ethereum:${USDT}@56/approve?address=${TO}&uint256=1`, 56, coins).ok).toBe(false)
  })
})

describe('eip681Units', () => {
  it('reads integers and scientific notation that are whole base units', () => {
    expect(eip681Units('1500')).toBe(1500n)
    expect(eip681Units('2.014e18')).toBe(2_014_000_000_000_000_000n)
    expect(eip681Units('1e3')).toBe(1000n)
    expect(eip681Units('1.5')).toBeUndefined()
    expect(eip681Units('-1')).toBeUndefined()
    expect(eip681Units('0x10')).toBeUndefined()
  })
})
