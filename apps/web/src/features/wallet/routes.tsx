import { notOpen, tabRoute, type AppRoute } from '@/shared/routing'

// Built by issue 3 (wallet). The wallet home is the /spot tab.
export const walletRoutes: AppRoute[] = [
  notOpen('/spot', tabRoute),
  ...[
    '/createWallet',
    '/walletDetail',
    '/walletBind',
    '/walletAdd',
    '/mnemonicWords',
    '/mnemonicWordsVerify',
    '/walletModifyPassword',
    '/walletResetPassword',
    '/walletList',
    '/walletPayment',
    '/walletExportWords',
    '/walletExportKey',
    '/walletTransfer',
    '/walletTransferRecord',
    '/walletTransferRecordHistory',
    '/walletBnbAdd',
    '/walletBnbDetail',
    '/walletMyAsset',
    '/walletAddressList',
    '/walletAddressAdd',
    '/transferResultHash',
  ].map((path) => notOpen(path)),
]
