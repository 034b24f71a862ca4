/**
 * Pure wallet primitives for the non-custodial BNB / BSC wallet (DESIGN §6): mnemonic, HD
 * derivation, the encrypted vault, transfer building and signing, amounts and addresses.
 * No I/O: it takes strings and passwords and returns strings and signatures. Only the web's
 * features/wallet imports it (STYLE "Keys stay behind a wall").
 */
export {
  InvalidAmountError,
  InvalidMnemonicError,
  InvalidPrivateKeyError,
  InvalidVaultError,
  WalletCoreError,
  WrongPasswordError,
} from './errors.ts'
export {
  generateMnemonic,
  isValidMnemonic,
  mnemonicProblem,
  normalizeMnemonic,
  type MnemonicProblem,
  type UnknownWord,
} from './mnemonic.ts'
export {
  ACCOUNT_SEARCH_LIMIT,
  DEFAULT_PATH,
  accountFromMnemonic,
  accountFromPrivateKey,
  accountIndexOf,
  isValidPrivateKey,
  nextAccountIndex,
  type KeyPair,
} from './hd.ts'
export { VAULT_VERSION, decryptVault, encryptVault, secretAccount, vaultSealer, type VaultSecret } from './vault.ts'
export { buildTransfer, signTransfer, type TransferRequest } from './tx.ts'
export { signProof } from './proof.ts'
export { decodeData, encodeData } from './data.ts'
export { fromUnits, toUnits } from './units.ts'
export { addressProblem, isAddress, lookAlike } from './address.ts'
