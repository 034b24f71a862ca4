import { describe, expect, it } from 'vitest'
import { planTransfer, precheck, type PlanInput } from './transferPlan'

const GWEI = 10n ** 9n
const BNB = { id: 1, symbol: 'BNB', name: 'BNB', decimals: 18, contract: null, logo: '' }
const USDT = { ...BNB, id: 2, symbol: 'USDT', decimals: 18, contract: '0x' + '55'.repeat(20) }
const TO = '0x' + '1a'.repeat(20)
const fee = (gasLimit: bigint) => ({
  gas_limit: String(gasLimit),
  tiers: [
    { tier: 'fast' as const, gas_price: String(5n * GWEI), fee: '', fee_usd: '0.0525', seconds: 3 },
    { tier: 'recommend' as const, gas_price: String(4n * GWEI), fee: '', fee_usd: '0.042', seconds: 15 },
    { tier: 'slow' as const, gas_price: String(3n * GWEI), fee: '', fee_usd: '', seconds: 60 },
  ],
})
const input = (over: Partial<PlanInput> = {}): PlanInput => ({
  coin: BNB,
  to: TO,
  amount: '1',
  tier: 'recommend',
  data: { mode: 'text', value: '' },
  balance: '2',
  nativeBalance: '2',
  ...over,
})

describe('planning a transfer', () => {
  it('signs with the chosen tier: its gas price times the gas limit is the fee', () => {
    for (const [tier, price] of [
      ['fast', 5n],
      ['recommend', 4n],
      ['slow', 3n],
    ] as const) {
      const result = planTransfer(input({ tier }), 10n ** 18n, fee(21_000n))
      expect(result).toMatchObject({ ok: true, plan: { tier, gasPrice: price * GWEI, feeWei: 21_000n * price * GWEI } })
    }
  })

  it('keeps the chosen tier’s fee in USD for the confirmation, none when BNB has no price', () => {
    expect(planTransfer(input({ tier: 'recommend' }), 10n ** 18n, fee(21_000n))).toMatchObject({
      plan: { feeUsd: '0.042' },
    })
    expect(planTransfer(input({ tier: 'slow' }), 10n ** 18n, fee(21_000n))).toMatchObject({ plan: { feeUsd: '' } })
  })

  it('sends text data with BNB as UTF-8 hex, and none with a token', () => {
    const withText = input({ data: { mode: 'text', value: 'hi' } })
    expect(precheck(withText)).toEqual({ ok: true, units: 10n ** 18n, dataHex: '0x6869' })
    expect(precheck({ ...withText, coin: USDT, balance: '5' })).toEqual({ ok: true, units: 10n ** 18n })
    expect(precheck(input({ data: { mode: 'hex', value: '0x1' } }))).toEqual({
      ok: false,
      problem: { text: 'dataHexInvalid' },
    })
  })

  it('stops at the first problem, in order', () => {
    expect(precheck(input({ to: 'nope', amount: 'x' }))).toEqual({ ok: false, problem: { code: 'ADDRESS_INVALID' } })
    expect(precheck(input({ amount: '3' }))).toEqual({ ok: false, problem: { code: 'INSUFFICIENT_BALANCE' } })
    expect(planTransfer(input({ amount: '2' }), 2n * 10n ** 18n, fee(21_000n))).toEqual({
      ok: false,
      problem: { code: 'INSUFFICIENT_FEE' },
    })
    expect(planTransfer(input({ coin: USDT, balance: '5', nativeBalance: '0' }), 10n ** 18n, fee(60_000n))).toEqual({
      ok: false,
      problem: { code: 'INSUFFICIENT_FEE' },
    })
  })
})
