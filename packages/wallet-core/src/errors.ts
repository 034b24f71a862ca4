import type { ErrorCode } from '@kinetic/protocol'

/** Base of every error wallet-core throws on bad input; `code` is the protocol error code the UI shows. */
export class WalletCoreError extends Error {
  readonly code: ErrorCode

  constructor(code: ErrorCode, message: string) {
    super(message)
    this.name = new.target.name
    this.code = code
  }
}

/** The phrase is not 12 English BIP39 words with a valid checksum. */
export class InvalidMnemonicError extends WalletCoreError {
  constructor(message = 'The mnemonic must be 12 English BIP39 words with a valid checksum') {
    super('MNEMONIC_INVALID', message)
  }
}

/** The key is not 64 hex characters for a scalar in 1 … n−1 of secp256k1. */
export class InvalidPrivateKeyError extends WalletCoreError {
  constructor(message = 'The private key must be 64 hex characters within the secp256k1 range') {
    super('PRIVATE_KEY_INVALID', message)
  }
}

/** The vault did not decrypt: a wrong password or altered ciphertext (AES-GCM cannot tell them apart). */
export class WrongPasswordError extends WalletCoreError {
  constructor(message = 'The wallet password is incorrect') {
    super('WALLET_PASSWORD_WRONG', message)
  }
}

/** The vault is not wallet-core's JSON format, or has a version or KDF this code does not know. */
export class InvalidVaultError extends WalletCoreError {
  constructor(message = 'The vault is malformed') {
    super('FIELD_INVALID', message)
  }
}

/** The amount is not a non-negative decimal with at most the coin's number of fraction digits. */
export class InvalidAmountError extends WalletCoreError {
  constructor(message = 'The amount must be a non-negative decimal number') {
    super('AMOUNT_INVALID', message)
  }
}
