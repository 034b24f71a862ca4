import { z } from 'zod'
import { method } from './method.ts'
import { decimal, id, optional, pageParams, pendingResult, text } from './schema.ts'

// Owned by issue 3 (the non-custodial wallet); `/v1/collect` pays out in issue 5.
const pending = 'issue 3'
const address = optional(
  z
    .string()
    .trim()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'FIELD_INVALID'),
)
const walletId = optional(id())
const wallet = (name: string, summary: string, params: z.ZodRawShape = {}, owner = pending) =>
  method(name, {
    feature: 'wallet',
    summary,
    auth: true,
    pending: owner,
    params: z.object(params),
    result: pendingResult,
  })

export const walletIndex = wallet('/v1/walletindex', 'Wallet home: current wallet and assets')
export const walletInfo = wallet('/v1/wallet', 'One wallet', { wallet_id: walletId })
export const walletCreate = wallet('/v1/walletcreate', 'Store a new wallet: address and encrypted vault', {
  name: optional(text(32)),
  address,
  vault: optional(text(4000)),
  hint: optional(text(64)),
})
export const walletPrivate = wallet('/v1/private', 'The encrypted vault of a wallet (for export on this device)', {
  wallet_id: walletId,
})
export const walletVerify = wallet('/v1/walletverify', 'Mark the words as backed up', { wallet_id: walletId })
export const walletBalance = wallet('/v1/walletbalance', 'Balances of a wallet', { wallet_id: walletId })
export const balance = wallet('/v1/balance', 'Balance of one coin', { wallet_id: walletId, coin_id: optional(id()) })
export const walletList = wallet('/v1/replacement', 'Wallet list and switching', { wallet_id: walletId })
export const walletRename = wallet('/v1/getname', 'Rename a wallet', { wallet_id: walletId, name: optional(text(32)) })
export const walletPassword = wallet('/v1/walletpassword', 'Replace the encrypted vault after a password change', {
  wallet_id: walletId,
  vault: optional(text(4000)),
  hint: optional(text(64)),
})
export const transferInfo = wallet('/v1/gettransfer', 'Data for the send screen', {
  wallet_id: walletId,
  coin_id: optional(id()),
})
export const record = wallet('/v1/record', 'Transfer records', {
  wallet_id: walletId,
  type: optional(text(10)),
  ...pageParams,
})
export const walletHistory = wallet('/v1/wallethistory', 'Transaction history (all, income, outgo)', {
  wallet_id: walletId,
  type: optional(text(10)),
  ...pageParams,
})
export const walletImport = wallet('/v1/import', 'Store an imported wallet', {
  name: optional(text(32)),
  address,
  vault: optional(text(4000)),
  hint: optional(text(64)),
})
export const marketValue = wallet('/v1/marketvalue', 'Prices of the listed coins')
export const walletDelete = wallet('/v1/userdel', 'Delete a wallet from this account', { wallet_id: walletId })
export const gasPrice = wallet('/v1/gas_price', 'Fee tiers: fast, recommend, slow')
export const transaction = wallet('/v1/transaction', 'Broadcast and record a signed transfer', {
  wallet_id: walletId,
  raw: optional(z.string().regex(/^0x[0-9a-fA-F]{2,100000}$/, 'FIELD_INVALID')),
})
export const addressBook = wallet('/v1/addrlist', 'Address book', { ...pageParams })
export const addressDelete = wallet('/v1/addrlistdel', 'Delete an address-book entry', { id: optional(id()) })
export const addressAdd = wallet('/v1/addrlistadd', 'Add or edit an address-book entry', {
  id: optional(id()),
  name: optional(text(32)),
  address,
  notes: optional(text(200)),
})
export const coinList = wallet('/v1/bitlist', 'Listed coins and search', { keyword: optional(text(42)) })
export const collect = wallet(
  '/v1/collect',
  'Withdraw KNT on-chain to my wallet',
  { amount: optional(decimal()) },
  'issue 5',
)
export const txHash = wallet('/v1/hash', 'Transaction detail by hash', {
  hash: optional(z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'FIELD_INVALID')),
})
export const allBalances = wallet('/v1/all_balances', 'Balances of every coin in one call', { wallet_id: walletId })
export const coinInfo = wallet('/v1/coininfo', 'Coin detail or add a coin by contract', {
  coin_id: optional(id()),
  address,
})
