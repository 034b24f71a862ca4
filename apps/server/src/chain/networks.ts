import { getAddress, getContractAddress, type Address } from 'viem'
import type { ListedToken } from './chain.ts'

/** The embedded Hardhat dev chain. */
export const DEV_CHAIN_ID = 31337
export const BSC_CHAIN_ID = 56
export const BSC_TESTNET_CHAIN_ID = 97

/** The canonical Multicall3, deployed at this address on BSC, BSC testnet and most EVM chains. */
export const CANONICAL_MULTICALL3: Address = '0xcA11bde05977b3631167028862bE2a173976CA11'

/** Hardhat's default mnemonic; its account #0 deploys the dev contracts and pays the faucet. */
export const HARDHAT_MNEMONIC = 'test test test test test test test test test test test junk'
export const DEV_DEPLOYER: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
/** Hardhat account #1 (public test key): the dev chain's KNT payout treasury. */
export const DEV_TREASURY_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'

/** Each demo token's supply, all minted to the deployer: 10^9 whole tokens of 18 decimals. */
export const DEV_TOKEN_SUPPLY = 10n ** 9n * 10n ** 18n

/**
 * The dev chain is fresh at every start and the deployer sends the same deployments first, so
 * the contracts always land at the same addresses (CREATE: deployer + nonce).
 */
export const DEV_CONTRACTS = {
  usdt: getContractAddress({ from: DEV_DEPLOYER, nonce: 0n }),
  knt: getContractAddress({ from: DEV_DEPLOYER, nonce: 1n }),
  multicall: getContractAddress({ from: DEV_DEPLOYER, nonce: 2n }),
  wbnb: getContractAddress({ from: DEV_DEPLOYER, nonce: 3n }),
  /** PancakeSwap-V2-like pairs with liquidity at the default prices (DEV_PAIR_LIQUIDITY). */
  bnbUsdtPair: getContractAddress({ from: DEV_DEPLOYER, nonce: 4n }),
  kntUsdtPair: getContractAddress({ from: DEV_DEPLOYER, nonce: 5n }),
} as const

/**
 * Whole tokens the deployer puts into each dev pair: 100 WBNB against 60,000 USDT quotes BNB
 * at 600 USDT, 1,000,000 KNT against 50,000 USDT quotes KNT at 0.05 — the default price table.
 */
export const DEV_PAIR_LIQUIDITY = {
  bnbUsdtPair: { wbnb: 100n, usdt: 60_000n },
  kntUsdtPair: { knt: 1_000_000n, usdt: 50_000n },
} as const

/** A round badge with the symbol's first letter, as an inline SVG (no file to host). */
export function tokenLogo(symbol: string, color: string): string {
  const letter = (symbol[0] ?? '?').toUpperCase()
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="${color}"/>` +
    `<text x="32" y="43" font-family="Arial,sans-serif" font-size="30" font-weight="700" fill="#fff" text-anchor="middle">${letter}</text></svg>`
  return `data:image/svg+xml,${encodeURIComponent(svg)}`
}

const token = (symbol: string, name: string, contract: string, color: string, decimals = 18): ListedToken => ({
  symbol,
  name,
  decimals,
  contract: getAddress(contract),
  logo: tokenLogo(symbol, color),
})

const KNT_COLOR = '#4f7bff'

/** The app token on a chain where it is deployed at `contract`. */
export const kntToken = (contract: string): ListedToken => token('KNT', 'Kinetic', contract, KNT_COLOR)

/** The BEP20 tokens listed by default on a chain (BNB, the native coin, is always listed). */
export function defaultTokens(chainId: number, kntContract: string | undefined): ListedToken[] {
  const knt = kntContract ? [kntToken(kntContract)] : []
  switch (chainId) {
    case DEV_CHAIN_ID:
      return [token('USDT', 'Tether USD', DEV_CONTRACTS.usdt, '#26a17b'), kntToken(kntContract ?? DEV_CONTRACTS.knt)]
    case BSC_CHAIN_ID:
      return [
        token('USDT', 'Tether USD', '0x55d398326f99059fF775485246999027B3197955', '#26a17b'),
        token('USDC', 'USD Coin', '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d', '#2775ca'),
        token('ETH', 'Binance-Peg Ethereum', '0x2170Ed0880ac9A755fd29B2688956BD959F933F8', '#627eea'),
        token('BTCB', 'Binance-Peg BTCB', '0x7130d2A12B9BCbFAe4f2634d864A1Ee1Ce3Ead9c', '#f7931a'),
        ...knt,
      ]
    default:
      // BSC testnet has no canonical stablecoin: list the app token when it is deployed there.
      return knt
  }
}

export const defaultMulticall = (chainId: number): Address =>
  chainId === DEV_CHAIN_ID ? DEV_CONTRACTS.multicall : CANONICAL_MULTICALL3

/**
 * Blocks a transfer waits before it counts as confirmed: the dev chain mines a block per
 * transaction, so its own block is enough; on BSC 15 blocks (~11 s at 0.75 s blocks) are
 * well past fast finality, which usually needs two or three.
 */
export const defaultConfirmations = (chainId: number): number => (chainId === DEV_CHAIN_ID ? 1 : 15)

/** How often the indexer looks for new blocks. */
export const defaultPollMs = (chainId: number): number => (chainId === DEV_CHAIN_ID ? 1000 : 3000)
