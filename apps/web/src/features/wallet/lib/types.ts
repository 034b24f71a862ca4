import type { Result, wallet } from '@kinetic/protocol'

export type Wallet = wallet.Wallet
export type Coin = wallet.Coin
export type Asset = wallet.Asset
export type Transfer = wallet.Transfer
export type AddressEntry = Result<typeof wallet.addressBook>['list'][number]
export type FeeTier = Result<typeof wallet.gasPrice>['tiers'][number]
export type TierName = (typeof wallet.FEE_TIERS)[number]
