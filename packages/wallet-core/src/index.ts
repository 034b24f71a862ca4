/**
 * Pure wallet primitives (mnemonic, HD derivation, vault encryption, signing) — no I/O.
 * Built in issue 3; this package holds only its test set-up until then.
 */
export const WALLET_CORE_VERSION = 1
