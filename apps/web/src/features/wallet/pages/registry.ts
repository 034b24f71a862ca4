import { loadTexts } from '@/i18n/lazyTexts'
import type { ComponentType } from 'react'

/**
 * Every wallet page by route, each in its own chunk. The route table (in the first route's
 * bundle) lists paths only; this registry, loaded with the first wallet page, holds the imports,
 * so the wallet's lazy pages cost the first route a few hundred bytes.
 */
export const walletPages = {
  '/spot': () => import('./WalletHomePage').then((m) => m.WalletHomePage),
  '/walletBind': () => import('./WalletBindPage').then((m) => m.WalletBindPage),
  '/createWallet': () => import('./CreateWalletPage').then((m) => m.CreateWalletPage),
  '/mnemonicWords': () => import('./MnemonicWordsPage').then((m) => m.MnemonicWordsPage),
  '/mnemonicWordsVerify': () => import('./MnemonicVerifyPage').then((m) => m.MnemonicVerifyPage),
  '/walletAdd': () => import('./ImportWalletPage').then((m) => m.ImportWalletPage),
  '/walletList': () => import('./WalletListPage').then((m) => m.WalletListPage),
  '/walletDetail': () => import('./WalletDetailPage').then((m) => m.WalletDetailPage),
  '/walletModifyPassword': () => import('./ModifyPasswordPage').then((m) => m.ModifyPasswordPage),
  '/walletResetPassword': () => import('./ResetPasswordPage').then((m) => m.ResetPasswordPage),
  '/walletExportWords': () => import('./ExportWordsPage').then((m) => m.ExportWordsPage),
  '/walletExportKey': () => import('./ExportKeyPage').then((m) => m.ExportKeyPage),
  '/walletMyAsset': () => import('./MyAssetsPage').then((m) => m.MyAssetsPage),
  '/walletBnbAdd': () => import('./AddCoinPage').then((m) => m.AddCoinPage),
  '/walletBnbDetail': () => import('./CoinDetailPage').then((m) => m.CoinDetailPage),
  '/walletPayment': () => import('./ReceivePage').then((m) => m.ReceivePage),
  '/walletTransfer': () => import('./SendPage').then((m) => m.SendPage),
  '/walletExchange': () => import('./ExchangePage').then((m) => m.ExchangePage),
  '/walletDeposit': () => import('./DepositPage').then((m) => m.DepositPage),
  '/transferResultHash': () => import('./TransferDetailPage').then((m) => m.TransferDetailPage),
  '/walletTransferRecord': () => import('./TransferRecordPage').then((m) => m.TransferRecordPage),
  '/walletTransferRecordHistory': () => import('./TransferRecordPage').then((m) => m.TransferRecordHistoryPage),
  '/walletAddressList': () => import('./AddressListPage').then((m) => m.AddressListPage),
  '/walletAddressAdd': () => import('./AddressEditPage').then((m) => m.AddressEditPage),
  '/walletApprovals': () => import('./ApprovalsPage').then((m) => m.ApprovalsPage),
} satisfies Record<string, () => Promise<ComponentType>>

export type WalletPath = keyof typeof walletPages

/** A page with the wallet's texts loaded, ready to render. */
export async function loadWalletPage(path: WalletPath): Promise<ComponentType> {
  const [component] = await Promise.all([walletPages[path](), loadTexts('wallet')])
  return component
}
