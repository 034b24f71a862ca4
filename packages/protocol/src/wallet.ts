import { z } from 'zod'
import { method, readOnly } from './method.ts'
import { WALLET_PASSWORD_MAX } from './rules.ts'
import { checkVault } from './vault.ts'
import {
  CsvFile,
  decimal,
  exportRange,
  id,
  isoTime,
  listOf,
  okResult,
  optional,
  pageParams,
  required,
  text,
} from './schema.ts'

/**
 * The non-custodial wallet (DESIGN §6). The server stores addresses, the encrypted vault
 * (ciphertext made in the browser by wallet-core), the address book, the coin list and
 * transactions — never words, keys or wallet passwords.
 */

export const ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/
export const TX_HASH_RE = /^0x[0-9a-fA-F]{64}$/
/** A vault is wallet-core's versioned JSON (vault.ts): KDF parameters, salt, iv and AES-GCM ciphertext. */
export const VAULT_MAX = 4000
export const WALLET_NAME_MAX = 24
export const WALLET_HINT_MAX = 64
export const FEE_TIERS = ['fast', 'recommend', 'slow'] as const
/** Seconds each tier is expected to take (spec §9). */
export const FEE_TIER_SECONDS = { fast: 3, recommend: 15, slow: 60 } as const
export const HISTORY_TYPES = ['all', 'income', 'outgo'] as const
export const WALLET_KINDS = ['mnemonic', 'private_key'] as const
/**
 * What a proof of control is for (docs/adr/2026-11-28-proof-of-control.md): a new wallet, an
 * imported one (a further account of a phrase is either), or a wallet stored before proofs.
 */
export const PROOF_PURPOSES = ['create', 'import', 'prove'] as const
/** A challenge, and the EIP-4361 message signed over it, expire this many seconds after issue. */
export const PROOF_TTL_SECONDS = 300
export const PROOF_MESSAGE_MAX = 2000

const address = z.string().trim().regex(ADDRESS_RE, 'ADDRESS_INVALID')
const walletId = id()
/** Only a well-formed vault is stored: a refusal names the vault's field at fault (`vault.iter`…). */
const vault = z
  .string()
  .min(1, 'FIELD_REQUIRED')
  .max(VAULT_MAX, 'FIELD_TOO_LONG')
  .superRefine((text, ctx) => {
    const checked = checkVault(text)
    if (!checked.ok) ctx.addIssue({ code: 'custom', message: checked.code, path: checked.part ? [checked.part] : [] })
  })
const walletName = required(WALLET_NAME_MAX)
const hint = optional(text(WALLET_HINT_MAX).refine((h) => h.length <= WALLET_PASSWORD_MAX * 3, 'FIELD_TOO_LONG'))
/** An amount in whole units as a decimal string (e.g. '1.5' BNB), never a float. */
const amount = decimal()

export const Wallet = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  kind: z.enum(WALLET_KINDS),
  hint: z.string(),
  backed_up: z.boolean(),
  current: z.boolean(),
  /**
   * The account proved on a device that it holds this address's key. A wallet stored before
   * proofs is not until its owner proves it (/v1/walletprove): until then its KNT deposits are
   * held and /v1/collect does not pay to it.
   */
  proven: z.boolean(),
  created_at: z.string(),
})
export type Wallet = z.infer<typeof Wallet>

export const Coin = z.object({
  id: z.number().int(),
  symbol: z.string(),
  name: z.string(),
  decimals: z.number().int(),
  /** null for the chain's native coin (BNB). */
  contract: z.string().nullable(),
  logo: z.string(),
})
export type Coin = z.infer<typeof Coin>

export const Asset = Coin.extend({
  /** Whole units, decimal string. */
  balance: z.string(),
  /** Price in USD per unit and the balance's value, decimal strings ('' when unpriced). */
  price_usd: z.string(),
  value_usd: z.string(),
})
export type Asset = z.infer<typeof Asset>

/** Networks the wallet names; `other` is a chain id it does not know. */
export const NETWORK_KEYS = ['bsc', 'bsc-testnet', 'dev', 'other'] as const
/** The chain the server is on, as the wallet shows it (home, confirmations). */
export const Network = z.object({
  chain_id: z.number().int(),
  key: z.enum(NETWORK_KEYS),
  /** The chain's block explorer, e.g. https://bscscan.com ('' when it has none: the dev chain). */
  explorer: z.string(),
})
export type Network = z.infer<typeof Network>

/** Symbols of the coins held that have no fresh price, so the total leaves them out. */
const unpriced = z.array(z.string())
/**
 * The chain block the balances and prices are of: the server reads them once per new block
 * (docs/adr/2026-11-25-balances-per-block.md).
 */
const block = z.number().int().nonnegative()

/** One side of a swap: the coin and whole units. */
export const SwapLeg = z.object({ coin: Coin, amount: z.string() })
/** A swap through the exchange's router, shown as one entry. */
export const SwapLegs = z.object({
  sent: SwapLeg,
  /** What came back; amount '' until the swap succeeded on chain (a failed swap received nothing). */
  received: SwapLeg,
})
export type SwapLegs = z.infer<typeof SwapLegs>

export const Transfer = z.object({
  hash: z.string(),
  /** Index of the BEP20 Transfer log within its block (as nodes report it); -1 for the native value. */
  log_index: z.number().int(),
  coin: Coin,
  from: z.string(),
  to: z.string(),
  /** Whole units, decimal string. */
  amount: z.string(),
  /** BNB, decimal string ('' until known). */
  fee: z.string(),
  direction: z.enum(['income', 'outgo', 'self']),
  status: z.enum(['pending', 'success', 'failed']),
  block_number: z.number().int().nullable(),
  confirmations: z.number().int(),
  /** Optional data sent with the transaction, hex ('' when none) and as text when it is UTF-8. */
  data_hex: z.string(),
  data_text: z.string(),
  time: z.string(),
  /** The sender's nonce (null when unknown) and the gas price in wei ('' when unknown): what a speed-up or cancel reuses. */
  nonce: z.number().int().nullable(),
  gas_price: z.string(),
  /** Set when another transaction with the same nonce replaced this pending one ('' otherwise). */
  replaced_by: z.string(),
  replaced_as: z.enum(['', 'speed_up', 'cancel']),
  /** Dust of a listed token from or to a look-alike of an address this wallet dealt with (address poisoning). */
  suspicious: z.boolean(),
  /** Set when the transaction is a swap on the exchange's router: both legs of it. */
  swap: SwapLegs.nullable(),
})
export type Transfer = z.infer<typeof Transfer>

export const AddressEntry = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  notes: z.string(),
  created_at: z.string(),
})
export type AddressEntry = z.infer<typeof AddressEntry>

export const FeeTier = z.object({
  tier: z.enum(FEE_TIERS),
  /** wei, decimal string */
  gas_price: z.string(),
  /** BNB for gas_limit × gas_price, decimal string */
  fee: z.string(),
  /** The fee in USD, decimal string ('' when BNB has no fresh price). */
  fee_usd: z.string(),
  seconds: z.number().int(),
})
export type FeeTier = z.infer<typeof FeeTier>

const wallet = <P extends z.ZodType, R extends z.ZodType>(name: string, summary: string, params: P, result: R) =>
  method(name, { feature: 'wallet', summary, auth: true, params, result })

export const walletIndex = readOnly(
  wallet(
    '/v1/walletindex',
    "Wallet home: the current wallet, its assets and total value (wallet null when there is none: 'Not currently open')",
    z.object({}),
    z.object({
      wallet: Wallet.nullable(),
      assets: z.array(Asset),
      total_usd: z.string(),
      unpriced,
      network: Network,
      /** null when there is no wallet. */
      block: block.nullable(),
    }),
  ),
)
export const walletInfo = wallet('/v1/wallet', 'One of my wallets', z.object({ wallet_id: walletId }), Wallet)

/**
 * Proof of control: the EIP-4361 (Sign-In with Ethereum) message of a /v1/walletchallenge,
 * exactly as answered, and the address's personal_sign signature over it (made on the device).
 */
const proof = z.object(
  {
    message: z
      .string('WALLET_PROOF_INVALID')
      .min(1, 'WALLET_PROOF_INVALID')
      .max(PROOF_MESSAGE_MAX, 'WALLET_PROOF_INVALID'),
    signature: z.string('WALLET_PROOF_INVALID').regex(/^0x[0-9a-fA-F]{130}$/, 'WALLET_PROOF_INVALID'),
  },
  'WALLET_PROOF_INVALID',
)

export const walletChallenge = wallet(
  '/v1/walletchallenge',
  'A one-time challenge to prove this account holds an address: the EIP-4361 message to sign on the device ' +
    '(expires in 5 minutes; one use, for this account, address and purpose)',
  z.object({ address, purpose: z.enum(PROOF_PURPOSES, 'FIELD_INVALID') }),
  z.object({ message: z.string(), expires_at: isoTime() }),
)

const newWallet = z.object({
  name: walletName,
  address,
  vault,
  hint,
  kind: z.enum(WALLET_KINDS, 'FIELD_INVALID'),
  /** Signed over a `create` challenge for /v1/walletcreate, an `import` one for /v1/import. */
  proof,
})
export const walletCreate = wallet(
  '/v1/walletcreate',
  'Store a wallet created in the browser: address and encrypted vault; it becomes current',
  newWallet,
  z.object({ wallet: Wallet }),
)
export const walletImport = wallet(
  '/v1/import',
  'Store a wallet imported in the browser (words or private key); it becomes current',
  newWallet,
  z.object({ wallet: Wallet }),
)
export const walletProve = wallet(
  '/v1/walletprove',
  'Prove control of a wallet stored before proofs (a `prove` challenge signed on the device); WALLET_PROOF_INVALID otherwise',
  z.object({ wallet_id: walletId, proof }),
  z.object({ wallet: Wallet }),
)
export const walletPrivate = wallet(
  '/v1/private',
  'The encrypted vault of my wallet, to decrypt on this device (export, signing)',
  z.object({ wallet_id: walletId }),
  z.object({ vault: z.string(), kind: z.enum(WALLET_KINDS), hint: z.string() }),
)
export const walletVerify = wallet(
  '/v1/walletverify',
  'Mark the words as backed up after the in-order verification',
  z.object({ wallet_id: walletId }),
  okResult,
)
export const walletBalance = wallet(
  '/v1/walletbalance',
  "Balances of the wallet's coins (BNB and its BEP20 list) and their USD feeds as of the server's last block read, with values",
  z.object({ wallet_id: walletId }),
  z.object({ assets: z.array(Asset), total_usd: z.string(), unpriced, block }),
)
export const balance = wallet(
  '/v1/balance',
  'Balance of one coin in a wallet',
  z.object({ wallet_id: walletId, coin_id: id() }),
  Asset.extend({ block }),
)
export const allBalances = wallet(
  '/v1/all_balances',
  "Balances of every listed coin for a wallet (for adding coins), as of the server's last block read",
  z.object({ wallet_id: walletId }),
  z.object({ assets: z.array(Asset.extend({ added: z.boolean() })), block }),
)
export const walletList = wallet(
  '/v1/replacement',
  'My wallets; with wallet_id, switch the current wallet to it',
  z.object({ wallet_id: optional(id()) }),
  z.object({ list: z.array(Wallet) }),
)
export const walletRename = wallet(
  '/v1/getname',
  'Rename a wallet',
  z.object({ wallet_id: walletId, name: walletName }),
  z.object({ wallet: Wallet }),
)
export const walletPassword = wallet(
  '/v1/walletpassword',
  'Replace the encrypted vault after a wallet password change or reset (re-encrypted in the browser)',
  z.object({ wallet_id: walletId, vault, hint }),
  okResult,
)
export const walletDelete = wallet(
  '/v1/userdel',
  'Remove a wallet from this account (the browser checked the password first)',
  z.object({ wallet_id: walletId }),
  okResult,
)
export const gasPrice = wallet(
  '/v1/gas_price',
  'Fee tiers fast / recommend / slow (legacy gasPrice multiples of the node price) for a transfer',
  z.object({
    wallet_id: walletId,
    coin_id: id(),
    to: optional(address),
    amount: optional(amount),
    /** Data sent with a BNB transfer: 0x hex, or text (sent as its UTF-8 bytes). Ignored for a token. */
    data: optional(z.string().max(2000, 'FIELD_TOO_LONG')),
  }),
  z.object({
    gas_limit: z.string(),
    /**
     * true when gas_limit is the node's estimate (+10%) of this very transfer (`to` and `amount`
     * given and accepted): the fee the confirmation shows; false for a default guess.
     */
    exact: z.boolean(),
    tiers: z.array(FeeTier),
  }),
)
export const transferInfo = wallet(
  '/v1/gettransfer',
  'What the send screen needs: the coin, its balance, the BNB balance for the fee, the nonce and chain id',
  z.object({ wallet_id: walletId, coin_id: id() }),
  z.object({
    coin: Coin,
    balance: z.string(),
    native_balance: z.string(),
    nonce: z.number().int(),
    chain_id: z.number().int(),
    network: Network,
    /** Past recipients of this wallet, for first-time and look-alike warnings. */
    recipients: z.array(z.string()),
  }),
)
export const transaction = wallet(
  '/v1/transaction',
  'Broadcast a transaction signed in the browser and record it (the signer must be the wallet)',
  z.object({ wallet_id: walletId, raw: z.string().regex(/^0x[0-9a-fA-F]{2,60000}$/, 'FIELD_INVALID') }),
  z.object({ hash: z.string() }),
)
const BOOLEAN_TEXT: Record<string, boolean | undefined> = { true: true, '1': true, false: false, '0': false }
/** 'true' / '1' shows suspicious transfers (marked); hidden by default. */
const showSuspicious = optional(z.preprocess((v) => BOOLEAN_TEXT[String(v)] ?? v, z.boolean('FIELD_INVALID'))).default(
  false,
)

export const walletHistory = wallet(
  '/v1/wallethistory',
  'Transaction history of a wallet: all, income or outgo (zero-value spam hidden; look-alike dust unless suspicious)',
  z.object({
    wallet_id: walletId,
    type: optional(z.enum(HISTORY_TYPES, 'FIELD_INVALID')).default('all'),
    suspicious: showSuspicious,
    ...pageParams,
  }),
  listOf(Transfer),
)
export const record = wallet(
  '/v1/record',
  'Transfer records of one coin in a wallet: all, income or outgo (look-alike dust unless suspicious)',
  z.object({
    wallet_id: walletId,
    coin_id: id(),
    type: optional(z.enum(HISTORY_TYPES, 'FIELD_INVALID')).default('all'),
    suspicious: showSuspicious,
    ...pageParams,
  }),
  listOf(Transfer),
)
/** The columns of a wallet history CSV, in order: stable keys a spreadsheet or script can rely on. */
export const WALLET_CSV_COLUMNS = [
  'time',
  'hash',
  'log_index',
  'block_number',
  'status',
  'direction',
  'kind',
  'symbol',
  'contract',
  'amount',
  'fee_bnb',
  'from',
  'to',
  'spender',
  'allowance',
  'memo',
] as const
/**
 * What a wallet CSV row is (its `kind` column): a transfer; a swap's two legs, `swap_out` (what
 * left the wallet) then `swap_in` (what it received, same hash); an `approval` or `revoke` (an
 * ERC-20 approve call moving nothing: `symbol`/`contract` name the token, `spender` and
 * `allowance` what it allows, `unlimited` for the maximum).
 */
export const WALLET_CSV_KINDS = ['transfer', 'swap_out', 'swap_in', 'approval', 'revoke'] as const
export const walletExport = wallet(
  '/v1/walletexport',
  "A wallet's history between two local days as CSV: what /v1/wallethistory shows, oldest first, times in my time zone",
  exportRange({ wallet_id: walletId }),
  CsvFile,
)
export const txHash = wallet(
  '/v1/hash',
  'Transaction detail (one of my wallets must be a party)',
  z.object({ hash: z.string().trim().regex(TX_HASH_RE, 'FIELD_INVALID') }),
  z.object({
    transfers: z.array(Transfer),
    block_hash: z.string(),
    gas_used: z.string(),
    gas_price: z.string(),
    /** The transaction on the chain's explorer ('' when the chain has none). */
    explorer_url: z.string(),
  }),
)
/** A value a simulated transaction moves: whole units of a coin (null contract: BNB). */
export const Movement = z.object({
  symbol: z.string(),
  contract: z.string().nullable(),
  decimals: z.number().int(),
  /** Whole units, decimal string. */
  amount: z.string(),
})
export type Movement = z.infer<typeof Movement>

/** An allowance a transaction sets or a wallet holds: `spender` may move up to `amount` of the token. */
export const Allowance = z.object({
  symbol: z.string(),
  contract: z.string(),
  decimals: z.number().int(),
  spender: z.string(),
  /** Whole units, decimal string. */
  amount: z.string(),
  /** The maximum uint256: no limit. */
  unlimited: z.boolean(),
})
export type Allowance = z.infer<typeof Allowance>

export const simulate = wallet(
  '/v1/simulate',
  'See before you sign: runs a transaction from the wallet with eth_call and eth_estimateGas and says what it ' +
    'sends, receives and approves, its fee and the signing terms; TX_WOULD_REVERT with the reason when it would fail',
  z.object({
    wallet_id: walletId,
    to: address,
    /** BNB sent, in wei (decimal string). */
    value: optional(z.string().regex(/^\d{1,78}$/, 'FIELD_INVALID')).default('0'),
    data: optional(z.string().regex(/^0x([0-9a-fA-F]{2}){0,30000}$/, 'FIELD_INVALID')).default('0x'),
    /** The gas price to price the fee at, wei; the node's price when absent. */
    gas_price: optional(z.string().regex(/^\d{1,30}$/, 'FIELD_INVALID')),
  }),
  z.object({
    sends: z.array(Movement),
    receives: z.array(Movement),
    approvals: z.array(Allowance),
    /** The node's estimate + 10%, and the gas price the fee is priced at (wei). */
    gas_limit: z.string(),
    gas_price: z.string(),
    /** BNB, decimal string; and in USD ('' when BNB has no fresh price). */
    fee: z.string(),
    fee_usd: z.string(),
    /** The wallet's next nonce (pending included) and the chain id, to sign with. */
    nonce: z.number().int(),
    chain_id: z.number().int(),
  }),
)
export const approvals = wallet(
  '/v1/approvals',
  "The wallet's current token allowances (read on-chain) to every spender its Approval logs name; zero ones left out",
  z.object({ wallet_id: walletId }),
  z.object({ list: z.array(Allowance) }),
)
/** Contracts Kinetic knows by name: the exchange's router (swaps), the treasury (deposits, payouts). */
export const KNOWN_CONTRACTS = ['router', 'treasury'] as const
export type KnownContract = (typeof KNOWN_CONTRACTS)[number]
export const knownContracts = readOnly(
  wallet(
    '/v1/known_contracts',
    'The contracts and addresses Kinetic knows by name (the exchange router, the treasury), EIP-55, so a spender or recipient shows a name',
    z.object({}),
    z.object({ list: z.array(z.object({ name: z.enum(KNOWN_CONTRACTS), address: z.string() })) }),
  ),
)
export const marketValue = wallet(
  '/v1/marketvalue',
  "USD prices of the listed coins from the chain's price feeds ('' without a fresh price)",
  z.object({}),
  z.object({ list: z.array(z.object({ symbol: z.string(), price_usd: z.string() })) }),
)
export const coinList = wallet(
  '/v1/bitlist',
  'Listed coins, searched by symbol, name or contract',
  z.object({ keyword: optional(text(42)) }),
  z.object({ list: z.array(Coin) }),
)
export const coinInfo = wallet(
  '/v1/coininfo',
  "A coin's detail by coin_id, or add a BEP20 coin to the wallet by contract (name, symbol, decimals read on-chain)",
  z.object({ wallet_id: walletId, coin_id: optional(id()), contract: optional(address) }),
  z.object({ coin: Coin, added: z.boolean() }),
)
/** Beyond spec §7: MetaMask's "hide token". The native coin always stays. */
export const coinHide = wallet(
  '/v1/coinhide',
  "Remove a coin from the wallet's list (BNB stays); it can be added again like any coin",
  z.object({ wallet_id: walletId, coin_id: id() }),
  okResult,
)
export const addressBook = wallet(
  '/v1/addrlist',
  'My address book',
  z.object({ keyword: optional(text(42)), ...pageParams }),
  listOf(AddressEntry),
)
export const addressAdd = wallet(
  '/v1/addrlistadd',
  'Add an address-book entry, or edit it with id',
  z.object({ id: optional(id()), name: required(WALLET_NAME_MAX), address, notes: optional(text(200)).default('') }),
  AddressEntry,
)
export const addressDelete = wallet('/v1/addrlistdel', 'Delete an address-book entry', z.object({ id: id() }), okResult)

// Owned by earning: the KNT payout to the user's wallet.
export const PAYOUT_STATUSES = ['queued', 'sent', 'confirmed', 'failed'] as const
export const Payout = z.object({
  id: z.number().int(),
  /** Whole KNT, decimal string. */
  amount: z.string(),
  /** The wallet it is paid to (current at the request). */
  address: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  /** Set once signed. */
  hash: z.string().nullable(),
  created_at: isoTime(),
})
export type Payout = z.infer<typeof Payout>

export const collect = method('/v1/collect', {
  feature: 'wallet',
  summary:
    'Withdraw KNT from my earnings on-chain to my current wallet: queued, signed by the treasury, ' +
    'confirmed by the chain; idempotent on request_id. COLLECT_UNAVAILABLE when the treasury or chain cannot pay, ' +
    'WALLET_UNPROVEN when the current wallet was never proved (/v1/walletprove)',
  auth: true,
  idempotencyKey: 'request_id',
  params: z.object({ amount, request_id: required(64) }),
  result: z.object({ payout: Payout }),
})
