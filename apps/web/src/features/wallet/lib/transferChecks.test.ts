import { describe, expect, it } from 'vitest'
import { checkFee, checkTransfer, dataPayload, maxSendable, parseAmount, type TransferForm } from './transferChecks'

const TO = '0x' + '1a'.repeat(20)
const GWEI = 10n ** 9n
const FEE = 21_000n * 5n * GWEI // 0.000105 BNB
const bnb = (over: Partial<TransferForm> = {}): TransferForm => ({
  to: TO,
  amount: '1',
  balance: '2',
  nativeBalance: '2',
  coin: { decimals: 18, native: true },
  ...over,
})
const usdt = (over: Partial<TransferForm> = {}): TransferForm =>
  bnb({ balance: '100', nativeBalance: '0.01', coin: { decimals: 6, native: false }, ...over })

describe('transfer checks before signing', () => {
  it('refuses a bad recipient first', () => {
    for (const to of ['', '0x123', TO.slice(0, -1) + 'g', 'hello'])
      expect(checkTransfer(bnb({ to, amount: '' }))).toEqual({ ok: false, code: 'ADDRESS_INVALID' })
  })

  it('says the checksum does not match for mixed case that is not EIP-55, not "40 hex characters"', () => {
    // EIP-55's own example, once right and once with one letter's case changed
    const right = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
    expect(checkTransfer(bnb({ to: right }))).toMatchObject({ ok: true })
    expect(checkTransfer(bnb({ to: right.replace('aAeb', 'aaeb'), amount: '' }))).toEqual({
      ok: false,
      code: 'ADDRESS_CHECKSUM',
    })
  })

  it('refuses an amount that is empty, zero, negative, not a number or finer than the coin', () => {
    for (const amount of ['', '0', '0.0', '-1', 'abc', '1e3', '1.2.3'])
      expect(checkTransfer(bnb({ amount })), amount).toEqual({ ok: false, code: 'AMOUNT_INVALID' })
    expect(checkTransfer(usdt({ amount: '0.0000001' }))).toEqual({ ok: false, code: 'AMOUNT_INVALID' })
  })

  it('refuses more than the balance, down to the last unit', () => {
    expect(checkTransfer(bnb({ amount: '2.000000000000000001' }))).toEqual({
      ok: false,
      code: 'INSUFFICIENT_BALANCE',
    })
    expect(checkTransfer(bnb({ amount: '2' }))).toEqual({ ok: true, value: 2n * 10n ** 18n })
    expect(checkTransfer(usdt({ amount: '12.5' }))).toEqual({ ok: true, value: 12_500_000n })
  })

  it('needs amount + fee in BNB when sending BNB', () => {
    const form = bnb({ amount: '2' })
    expect(checkFee(form, 2n * 10n ** 18n, FEE)).toEqual({ ok: false, code: 'INSUFFICIENT_FEE' })
    expect(checkFee(form, 2n * 10n ** 18n - FEE, FEE)).toEqual({ ok: true, value: FEE })
  })

  it('needs only the fee in BNB when sending a token', () => {
    expect(checkFee(usdt(), 100_000_000n, FEE)).toEqual({ ok: true, value: FEE })
    expect(checkFee(usdt({ nativeBalance: '0.0001' }), 1n, FEE)).toEqual({ ok: false, code: 'INSUFFICIENT_FEE' })
    expect(checkFee(usdt({ nativeBalance: '0' }), 1n, FEE)).toEqual({ ok: false, code: 'INSUFFICIENT_FEE' })
  })

  it('offers everything but the fee as "all" for BNB, the whole balance for a token', () => {
    expect(maxSendable(bnb(), FEE)).toBe(2n * 10n ** 18n - FEE)
    expect(maxSendable(bnb({ balance: '0.0001' }), FEE)).toBe(0n)
    expect(maxSendable(usdt(), FEE)).toBe(100_000_000n)
  })

  it('parses amounts exactly, without floats', () => {
    expect(parseAmount('0.1', 18)).toBe(10n ** 17n)
    expect(parseAmount(' 3 ', 6)).toBe(3_000_000n)
    expect(parseAmount('0', 6)).toBeNull()
  })

  it('takes data as text, or hex in whole bytes', () => {
    expect(dataPayload({ mode: 'text', value: '' })).toBeUndefined()
    expect(dataPayload({ mode: 'text', value: 'invoice 42' })).toEqual({ text: 'invoice 42' })
    expect(dataPayload({ mode: 'hex', value: '0xCAFE' })).toEqual({ hex: '0xcafe' })
    expect(dataPayload({ mode: 'hex', value: 'beef' })).toEqual({ hex: '0xbeef' })
    expect(dataPayload({ mode: 'hex', value: '0xabc' })).toBeNull()
    expect(dataPayload({ mode: 'hex', value: 'zz' })).toBeNull()
  })
})
