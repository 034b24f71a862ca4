import { wallet as protocol, type swap } from '@kinetic/protocol'
import { parse } from 'csv-parse/sync'
import { encodeFunctionData, erc20Abi, maxUint256, parseEther, stringToHex, type Address, type Hex } from 'viem'
import { DEV_CONTRACTS } from '../../chain/networks.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../test/harness.ts'
import { testZone } from '../../platform/test-clock.ts'
import {
  aFundedWallet,
  aKey,
  aSignedInUser,
  indexChain,
  ok,
  refused,
  signTransfer,
  stopIndexer,
} from './wallet.testkit.ts'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await stopIndexer(app)
  await app?.close()
})

type Column = (typeof protocol.WALLET_CSV_COLUMNS)[number]
type Transfer = protocol.Transfer

/** The zone's offset from UTC now, as ISO times write it (`+08:00`). */
const utcOffset = (timeZone: string) => {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(new Date())
    .find((p) => p.type === 'timeZoneName')!.value
  return name === 'GMT' ? '+00:00' : name.slice(3)
}

const today = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date())

/** Sum of decimal strings in base units of `decimals` (exact). */
const units = (amounts: string[], decimals: number) =>
  amounts.reduce((total, a) => {
    const [whole = '0', frac = ''] = a.split('.')
    return total + BigInt(whole) * 10n ** BigInt(decimals) + BigInt(frac.padEnd(decimals, '0') || '0')
  }, 0n)

describe('wallet history CSV export', () => {
  it('parses back to the history of the range: same rows, exact amounts, times in my zone; others get nothing', async () => {
    const { client, wallet } = await aFundedWallet(app)
    const usdt = app.chain.tokens.find((t) => t.symbol === 'USDT')?.contract as Address
    const friend = aKey().address
    const memo = '=HYPERLINK("http://evil")'
    const sends = [
      await signTransfer(wallet.key, {
        to: friend,
        value: parseEther('0.123456789012345678'),
        nonce: 0,
        data: stringToHex(memo),
        gas: 60_000n,
      }),
      await signTransfer(wallet.key, {
        to: usdt,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [friend, parseEther('12.5')] }),
        nonce: 1,
        gas: 80_000n,
      }),
    ]
    for (const raw of sends) await ok(client, '/v1/transaction', { wallet_id: wallet.id, raw })
    await indexChain(app)

    const day = today(testZone())
    const file = await ok(client, '/v1/walletexport', { wallet_id: wallet.id, from: day, to: day })
    expect(file.time_zone).toBe(testZone())
    expect(file.csv.split('\r\n')[0]).toBe(protocol.WALLET_CSV_COLUMNS.join(','))
    const rows = parse(file.csv, { columns: true }) as Record<Column, string>[]
    expect(rows).toHaveLength(file.rows)

    const history = (await ok(client, '/v1/wallethistory', { wallet_id: wallet.id, limit: 100 })).list as Transfer[]
    expect(rows.every((r) => r.kind === 'transfer')).toBe(true)
    expect(
      rows.map((r) => [r.hash, r.log_index, r.direction, r.status, r.symbol, r.amount, r.fee_bnb, r.from, r.to]),
    ).toEqual(
      [...history]
        .reverse()
        .map((t) => [t.hash, String(t.log_index), t.direction, t.status, t.coin.symbol, t.amount, t.fee, t.from, t.to]),
    )
    expect(rows).toHaveLength(5)
    const offset = utcOffset(testZone()).replace('+', '\\+')
    for (const r of rows) expect(r.time).toMatch(new RegExp(`^${day}T\\d{2}:\\d{2}:\\d{2}${offset}$`))
    // amounts as exact decimals; a memo a spreadsheet would run is defused
    expect(rows.find((r) => r.symbol === 'BNB' && r.direction === 'outgo')).toMatchObject({
      amount: '0.123456789012345678',
      memo: `'${memo}`,
    })
    // the USDT rows add up to the balance on the chain
    const usdtRows = rows.filter((r) => r.symbol === 'USDT')
    const net =
      units(
        usdtRows.filter((r) => r.direction === 'income').map((r) => r.amount),
        18,
      ) -
      units(
        usdtRows.filter((r) => r.direction === 'outgo').map((r) => r.amount),
        18,
      )
    const onChain = await app.chain.client.readContract({
      address: usdt,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [wallet.key.address],
    })
    expect(net).toBe(onChain)

    // another day holds nothing; another user's wallet is not found; a reversed range is refused
    const none = await ok(client, '/v1/walletexport', { wallet_id: wallet.id, from: '2021-01-01', to: '2021-01-31' })
    expect(none).toMatchObject({ rows: 0, csv: `${protocol.WALLET_CSV_COLUMNS.join(',')}\r\n` })
    const stranger = await aSignedInUser(app)
    expect((await refused(stranger, '/v1/walletexport', { wallet_id: wallet.id, from: day, to: day })).error).toBe(
      'WALLET_NOT_FOUND',
    )
    expect(
      (await refused(client, '/v1/walletexport', { wallet_id: wallet.id, from: '2026-11-24', to: '2026-11-23' })).error,
    ).toBe('EXPORT_RANGE_INVALID')
  })

  it('a swap is two rows (what left, what came in) and an approval or revoke names the token, spender and allowance', async () => {
    const { client, wallet } = await aFundedWallet(app)
    const { dexRouter, usdt } = DEV_CONTRACTS
    const { assets } = await ok<{ assets: { id: number; symbol: string }[] }>(client, '/v1/walletbalance', {
      wallet_id: wallet.id,
    })
    const coinId = (symbol: string) => assets.find((a) => a.symbol === symbol)?.id
    const q = await ok<swap.SwapQuote>(client, '/v1/swap_quote', {
      wallet_id: wallet.id,
      from_coin_id: coinId('BNB'),
      to_coin_id: coinId('USDT'),
      amount: '1',
      slippage: '1',
    })
    const approve = (amount: bigint) =>
      encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [dexRouter, amount] })
    const sends = [
      await signTransfer(wallet.key, {
        to: q.swap.to as Address,
        data: q.swap.data as Hex,
        value: BigInt(q.swap.value),
        gas: BigInt(q.swap.gas_limit),
        nonce: 0,
      }),
      await signTransfer(wallet.key, { to: usdt, data: approve(parseEther('50')), nonce: 1, gas: 80_000n }),
      await signTransfer(wallet.key, { to: usdt, data: approve(maxUint256), nonce: 2, gas: 80_000n }),
      await signTransfer(wallet.key, { to: usdt, data: approve(0n), nonce: 3, gas: 80_000n }),
    ]
    for (const raw of sends) await ok(client, '/v1/transaction', { wallet_id: wallet.id, raw })
    await indexChain(app)

    const day = today(testZone())
    const file = await ok(client, '/v1/walletexport', { wallet_id: wallet.id, from: day, to: day })
    const rows = parse(file.csv, { columns: true }) as Record<Column, string>[]
    expect(rows).toHaveLength(file.rows)
    const history = (await ok(client, '/v1/wallethistory', { wallet_id: wallet.id, limit: 100 })).list as Transfer[]
    const swapped = history.find((t) => t.swap)
    expect(swapped?.swap?.received.amount).toMatch(/^\d+\.\d+$/)

    // the history, oldest first, each swap followed by what it received
    expect(rows.map((r) => [r.hash, r.kind, r.direction, r.symbol, r.amount])).toEqual(
      [...history].reverse().flatMap((t) => {
        const approval = t.data_hex.startsWith('0x095ea7b3')
        const row = [t.hash, t.swap ? 'swap_out' : 'transfer', t.direction, t.coin.symbol, t.amount]
        if (approval) {
          const revoke = t.data_hex.endsWith('0'.repeat(64))
          return [[t.hash, revoke ? 'revoke' : 'approval', 'outgo', 'USDT', '0']]
        }
        if (!t.swap) return [row]
        return [row, [t.hash, 'swap_in', 'income', t.swap.received.coin.symbol, t.swap.received.amount]]
      }),
    )
    expect(rows.find((r) => r.kind === 'swap_out')).toMatchObject({ symbol: 'BNB', amount: '1', to: dexRouter })
    expect(rows.find((r) => r.kind === 'swap_in')).toMatchObject({
      symbol: 'USDT',
      amount: swapped?.swap?.received.amount,
      to: wallet.key.address,
    })
    const approvals = rows.filter((r) => r.kind === 'approval' || r.kind === 'revoke')
    expect(approvals.map((r) => [r.kind, r.symbol, r.contract, r.spender, r.allowance])).toEqual([
      ['approval', 'USDT', usdt, dexRouter, '50'],
      ['approval', 'USDT', usdt, dexRouter, 'unlimited'],
      ['revoke', 'USDT', usdt, dexRouter, '0'],
    ])

    // the USDT rows still add up to the balance on the chain (the swap's leg counted, approvals move nothing)
    const usdtRows = rows.filter((r) => r.symbol === 'USDT')
    const net =
      units(
        usdtRows.filter((r) => r.direction === 'income').map((r) => r.amount),
        18,
      ) -
      units(
        usdtRows.filter((r) => r.direction === 'outgo').map((r) => r.amount),
        18,
      )
    const onChain = await app.chain.client.readContract({
      address: usdt,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [wallet.key.address],
    })
    expect(net).toBe(onChain)
  })
})
