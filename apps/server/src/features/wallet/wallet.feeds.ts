import { feeds } from '../../platform/db/read-models.ts'

/** What wallet's writes move: Home counts backed-up wallets; the wallet home shows the current wallet and its coins. */
export const WALLET_FEEDS = feeds('wallet', {
  wallets: { moves: ['home', 'wallet'] },
  wallet_coins: { moves: ['wallet'], user: '(SELECT user_id FROM wallets WHERE id = {row}.wallet_id)' },
})
