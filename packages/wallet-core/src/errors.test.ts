import { isErrorCode } from '@kinetic/protocol'
import { describe, expect, it } from 'vitest'
import * as core from './index.ts'

describe('errors', () => {
  it.each([
    { ErrorClass: core.InvalidMnemonicError, code: 'MNEMONIC_INVALID' },
    { ErrorClass: core.InvalidPrivateKeyError, code: 'PRIVATE_KEY_INVALID' },
    { ErrorClass: core.WrongPasswordError, code: 'WALLET_PASSWORD_WRONG' },
    { ErrorClass: core.InvalidVaultError, code: 'FIELD_INVALID' },
    { ErrorClass: core.InvalidAmountError, code: 'AMOUNT_INVALID' },
  ])('$ErrorClass.name carries the protocol error code $code', ({ ErrorClass, code }) => {
    const error = new ErrorClass()
    expect(error).toBeInstanceOf(core.WalletCoreError)
    expect(error).toBeInstanceOf(Error)
    expect(error.name).toBe(ErrorClass.name)
    expect(error.code).toBe(code)
    expect(isErrorCode(error.code)).toBe(true)
  })
})
