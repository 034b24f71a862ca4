import { lazyPage, signedIn, tabRoute, type AppRoute, type RouteMeta } from '@/shared/routing'
import type { WalletPath } from './pages/registry'

/**
 * The wallet's routes (spec §2); the wallet home is the /spot tab. The table lists paths
 * only: the page registry, each page, wallet-core (keys, signing, viem) and the wallet's
 * texts all load on demand, so none of them is part of the first route.
 */
const page = (path: WalletPath, meta: RouteMeta = signedIn): AppRoute =>
  lazyPage(path, () => import('./pages/registry').then((m) => m.loadWalletPage(path)), meta)

export const walletRoutes: AppRoute[] = [
  page('/spot', tabRoute),
  page('/walletBind'),
  page('/createWallet'),
  page('/mnemonicWords'),
  page('/mnemonicWordsVerify'),
  page('/walletAdd'),
  page('/walletList'),
  page('/walletDetail'),
  page('/walletModifyPassword'),
  page('/walletResetPassword'),
  page('/walletExportWords'),
  page('/walletExportKey'),
  page('/walletMyAsset'),
  page('/walletBnbAdd'),
  page('/walletBnbDetail'),
  page('/walletPayment'),
  page('/walletTransfer'),
  page('/walletExchange'),
  page('/walletDeposit'),
  page('/transferResultHash'),
  page('/walletTransferRecord'),
  page('/walletTransferRecordHistory'),
  page('/walletAddressList'),
  page('/walletAddressAdd'),
  page('/walletApprovals'),
]
