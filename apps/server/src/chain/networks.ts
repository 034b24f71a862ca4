import {
  encodePacked,
  getAddress,
  getContractAddress,
  getCreate2Address,
  keccak256,
  type Address,
  type Hex,
} from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
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

/** Hardhat funds this many accounts of its phrase; every one of their keys is public. */
export const HARDHAT_ACCOUNTS = 20

/** The dev chain's public accounts (Hardhat's phrase, m/44'/60'/0'/0/0…19), lower-case. */
export function hardhatAddresses(): string[] {
  return Array.from({ length: HARDHAT_ACCOUNTS }, (_, addressIndex) =>
    mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex }).address.toLowerCase(),
  )
}

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
  /** Chainlink-style USD feeds (DevPriceFeed, 8 decimals like Chainlink's USD feeds). */
  bnbUsdFeed: getContractAddress({ from: DEV_DEPLOYER, nonce: 4n }),
  usdtUsdFeed: getContractAddress({ from: DEV_DEPLOYER, nonce: 5n }),
  kntUsdFeed: getContractAddress({ from: DEV_DEPLOYER, nonce: 6n }),
  /** Uniswap V2 factory and router02, the published bytecode (dev-dex.ts deploys and seeds them). */
  dexFactory: getContractAddress({ from: DEV_DEPLOYER, nonce: 7n }),
  dexRouter: getContractAddress({ from: DEV_DEPLOYER, nonce: 8n }),
} as const

/**
 * keccak256 of the UniswapV2Pair creation code, which router02's UniswapV2Library hardcodes to
 * find a pair without asking the factory (dev-dex.test.ts checks it against `getPair`).
 */
export const UNISWAP_V2_INIT_CODE_HASH: Hex = '0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f'

/** A V2 pair's address as the library computes it: CREATE2 by the factory, salted by the sorted tokens. */
export function v2PairAddress(factory: Address, initCodeHash: Hex, a: Address, b: Address): Address {
  const [token0, token1] = a.toLowerCase() < b.toLowerCase() ? [a, b] : [b, a]
  const salt = keccak256(encodePacked(['address', 'address'], [token0, token1]))
  return getCreate2Address({ from: factory, salt, bytecodeHash: initCodeHash })
}

/** The seeded dev pairs, at the addresses the router computes. */
export const DEV_PAIRS = {
  bnbUsdt: v2PairAddress(DEV_CONTRACTS.dexFactory, UNISWAP_V2_INIT_CODE_HASH, DEV_CONTRACTS.wbnb, DEV_CONTRACTS.usdt),
  kntUsdt: v2PairAddress(DEV_CONTRACTS.dexFactory, UNISWAP_V2_INIT_CODE_HASH, DEV_CONTRACTS.knt, DEV_CONTRACTS.usdt),
} as const

/**
 * The seeded liquidity, at the dev feeds' prices: 1000 BNB + 600,000 USDT ($600 a BNB) and
 * 2,000,000 KNT + 100,000 USDT ($0.05 a KNT). There is no BNB/KNT pair: BNB↔KNT goes through USDT.
 */
export const DEV_LIQUIDITY = {
  bnbUsdt: { bnb: 1000n * 10n ** 18n, usdt: 600_000n * 10n ** 18n },
  kntUsdt: { knt: 2_000_000n * 10n ** 18n, usdt: 100_000n * 10n ** 18n },
} as const

/**
 * A PancakeSwap V2-compatible exchange: its router, its factory (pairs are found by `getPair`,
 * never by an init-code hash) and the wrapped native coin its pairs hold.
 */
export interface Dex {
  router: Address
  factory: Address
  wbnb: Address
  /** The pairs' liquidity fee in basis points: 30 on Uniswap V2, 25 on PancakeSwap V2. */
  lpFeeBps: bigint
}

/** The exchange a chain swaps on by default: PancakeSwap V2 on BSC and its testnet, Uniswap V2 on the dev chain. */
export function defaultDex(chainId: number): Dex | undefined {
  switch (chainId) {
    case DEV_CHAIN_ID:
      return {
        router: DEV_CONTRACTS.dexRouter,
        factory: DEV_CONTRACTS.dexFactory,
        wbnb: DEV_CONTRACTS.wbnb,
        lpFeeBps: 30n,
      }
    case BSC_CHAIN_ID:
      return {
        router: getAddress('0x10ED43C718714eb63d5aA57B78B54704E256024E'),
        factory: getAddress('0xcA143Ce32Fe78f1f7019d7d551a6402fC5350c73'),
        wbnb: getAddress('0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c'),
        lpFeeBps: 25n,
      }
    case BSC_TESTNET_CHAIN_ID:
      return {
        router: getAddress('0xD99D1c33F9fC3444f8101754aBC46c52416550D1'),
        factory: getAddress('0x6725F303b657a9451d8BA641348b6761A6CC7a17'),
        wbnb: getAddress('0xae13d989daC2f0dEbFf460aC112a837C89BAa7cd'),
        lpFeeBps: 25n,
      }
    default:
      return undefined
  }
}

/** Decimals of a USD feed's answer, as Chainlink's X / USD feeds have them. */
export const USD_FEED_DECIMALS = 8

/** The dev feeds' first answers, in whole USD: what a fresh dev chain prices its coins at. */
export const DEV_FEED_ANSWERS = { BNB: '600', USDT: '1', KNT: '0.05' } as const

/** A price feed: a Chainlink AggregatorV3 proxy and how old its answer may be. */
export interface PriceFeed {
  address: Address
  /** Seconds after `updatedAt` that an answer still counts (the feed's heartbeat plus a margin). */
  maxAgeS: number
}

/** For feeds that move on a 1 % deviation or an hourly heartbeat: 1 h plus 15 min margin. */
const HOURLY = 75 * 60
/** Stablecoin feeds, which Chainlink updates on a 24 h heartbeat: 24 h plus 1 h margin. */
const DAILY = 25 * 60 * 60
const feed = (address: string, maxAgeS: number): PriceFeed => ({ address: getAddress(address), maxAgeS })

/**
 * The USD feeds a chain prices its coins with, by symbol. BSC and BSC testnet: Chainlink's
 * data feed proxies (BTCB, Binance-Peg BTC, by the BTC / USD feed); KNT has none until
 * `PRICE_FEEDS` names one. The dev chain: its own DevPriceFeeds, whose answer follows its clock.
 */
export function defaultFeeds(chainId: number): Record<string, PriceFeed> {
  switch (chainId) {
    case DEV_CHAIN_ID:
      return {
        BNB: feed(DEV_CONTRACTS.bnbUsdFeed, HOURLY),
        USDT: feed(DEV_CONTRACTS.usdtUsdFeed, DAILY),
        KNT: feed(DEV_CONTRACTS.kntUsdFeed, HOURLY),
      }
    case BSC_CHAIN_ID:
      return {
        BNB: feed('0x0567F2323251f0Aab15c8dFb1967E4e8A7D42aeE', HOURLY),
        USDT: feed('0xB97Ad0E74fa7d920791E90258A6E2085088b4320', DAILY),
        USDC: feed('0x51597f405303C4377E36123cBc172b13269EA163', DAILY),
        ETH: feed('0x9ef1B8c0E4F7dc8bF5719Ea496883DC6401d5b2e', HOURLY),
        BTCB: feed('0x264990fbd0A4796A3E3d8E37C4d5F87a3aCa5Ebf', HOURLY),
      }
    case BSC_TESTNET_CHAIN_ID:
      return {
        BNB: feed('0x2514895c72f50D8bd4B4F9b1110F0D6bD2c97526', HOURLY),
        USDT: feed('0xEca2605f0BCF2BA5966372C99837b1F182d3D620', DAILY),
        USDC: feed('0x90c069C4538adAc136E051052E14c1cD799C41B7', DAILY),
        ETH: feed('0x143db3CEEfbdfe5631aDD3E50f7614B6ba708BA7', HOURLY),
        BTCB: feed('0x5741306c21795FdCBb9b265Ea0255F499DFe515C', HOURLY),
      }
    default:
      return {}
  }
}

/** Which network the app is on, as the wallet names it; `other` is a chain id it does not know. */
export type NetworkKey = 'bsc' | 'bsc-testnet' | 'dev' | 'other'

export function networkKey(chainId: number): NetworkKey {
  if (chainId === BSC_CHAIN_ID) return 'bsc'
  if (chainId === BSC_TESTNET_CHAIN_ID) return 'bsc-testnet'
  return chainId === DEV_CHAIN_ID ? 'dev' : 'other'
}

/** The chain's block explorer ('' for the dev chain and unknown chains). */
export function explorerOf(chainId: number): string {
  if (chainId === BSC_CHAIN_ID) return 'https://bscscan.com'
  return chainId === BSC_TESTNET_CHAIN_ID ? 'https://testnet.bscscan.com' : ''
}

/** A transaction's page on an explorer; '' where the chain has none. */
export function explorerTxUrl(explorer: string, hash: string): string {
  return explorer ? `${explorer}/tx/${hash}` : ''
}

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
