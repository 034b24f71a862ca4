import { HDKey } from '@scure/bip32'
import { mnemonicToSeedSync } from '@scure/bip39'
import { hexToBytes } from 'viem'
import { describe, expect, it } from 'vitest'
import { InvalidMnemonicError, InvalidPrivateKeyError } from './errors.ts'
import bip32 from './fixtures/bip32.json'
import bip39 from './fixtures/bip39-english.json'
import {
  DEFAULT_PATH,
  accountFromMnemonic,
  accountFromPrivateKey,
  accountIndexOf,
  isValidPrivateKey,
  nextAccountIndex,
} from './hd.ts'

const JUNK = 'test test test test test test test test test test test junk'
const HARDHAT_0 = {
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
}
const HARDHAT_1 = {
  address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  privateKey: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
}
/** secp256k1 group order n. */
const N = 'fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141'

describe('BIP32 test vectors 1 and 2', () => {
  const chains = bip32.flatMap(({ seed, chains }) => chains.map((chain) => ({ seed, ...chain })))
  it.each(chains)('seed $seed, chain $path', ({ seed, path, xprv, xpub }) => {
    const key = HDKey.fromMasterSeed(hexToBytes(`0x${seed}`)).derive(path)
    expect(key.privateExtendedKey).toBe(xprv)
    expect(key.publicExtendedKey).toBe(xpub)
  })

  it.each(bip39.vectors)('BIP39 seed of "$mnemonic" gives the master key of the vector', ({ mnemonic, xprv }) => {
    expect(HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic, bip39.passphrase)).privateExtendedKey).toBe(xprv)
  })
})

describe('accountFromMnemonic', () => {
  it("derives Hardhat's first two accounts, as MetaMask does", () => {
    expect(accountFromMnemonic(JUNK)).toEqual(HARDHAT_0)
    expect(accountFromMnemonic(JUNK, 1)).toEqual(HARDHAT_1)
  })

  it("uses m/44'/60'/0'/0/0 by default", () => {
    const key = HDKey.fromMasterSeed(mnemonicToSeedSync(JUNK)).derive(DEFAULT_PATH)
    expect(DEFAULT_PATH).toBe("m/44'/60'/0'/0/0")
    expect(key.privateKey).toEqual(hexToBytes(accountFromMnemonic(JUNK).privateKey))
  })

  it('gives the same account for words typed in capitals with extra spaces', () => {
    expect(accountFromMnemonic(`  ${JUNK.toUpperCase().replaceAll(' ', '   ')}\n`)).toEqual(HARDHAT_0)
  })

  it('refuses an invalid phrase with MNEMONIC_INVALID', () => {
    expect(() => accountFromMnemonic(JUNK.replace(/junk$/, 'test'))).toThrow(InvalidMnemonicError)
    expect(() => accountFromMnemonic('')).toThrow(expect.objectContaining({ code: 'MNEMONIC_INVALID' }))
  })

  it('refuses an index that is negative, fractional or hardened', () => {
    for (const index of [-1, 1.5, 2 ** 31]) expect(() => accountFromMnemonic(JUNK, index)).toThrow(RangeError)
  })
})

/** Hardhat's default accounts 2 and 3 of the same phrase (what MetaMask, Rabby and ethers derive). */
const HARDHAT_2 = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const HARDHAT_3 = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'

describe('several accounts of one phrase', () => {
  it('account 2 of the test phrase is the address other wallets derive at index 1', () => {
    expect(accountFromMnemonic(JUNK, 1).address).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    expect(accountFromMnemonic(JUNK, 2).address).toBe(HARDHAT_2)
    expect(accountFromMnemonic(JUNK, 3).address).toBe(HARDHAT_3)
  })

  it('finds which account of the phrase an address is, in any case', () => {
    expect(accountIndexOf(JUNK, HARDHAT_0.address)).toBe(0)
    expect(accountIndexOf(JUNK, HARDHAT_3.toLowerCase())).toBe(3)
    expect(accountIndexOf(JUNK, HARDHAT_3, 3)).toBeUndefined()
    expect(accountIndexOf(JUNK, '0x0000000000000000000000000000000000000001')).toBeUndefined()
  })

  it('the next account is the first index above 0 not yet a wallet', () => {
    expect(nextAccountIndex(JUNK, [HARDHAT_0.address])).toBe(1)
    expect(nextAccountIndex(JUNK, [HARDHAT_0.address, HARDHAT_1.address.toLowerCase()])).toBe(2)
    expect(nextAccountIndex(JUNK, [HARDHAT_0.address, HARDHAT_1.address, HARDHAT_3])).toBe(2)
    expect(() => nextAccountIndex('junk', [])).toThrow(InvalidMnemonicError)
  })
})

describe('accountFromPrivateKey', () => {
  it('gives the address of a key, with or without 0x and in any case', () => {
    expect(accountFromPrivateKey(HARDHAT_0.privateKey)).toEqual(HARDHAT_0)
    expect(accountFromPrivateKey(HARDHAT_0.privateKey.slice(2))).toEqual(HARDHAT_0)
    expect(accountFromPrivateKey(` ${HARDHAT_0.privateKey.toUpperCase().replace('0X', '0x')} `)).toEqual(HARDHAT_0)
  })

  it('refuses an invalid key with PRIVATE_KEY_INVALID', () => {
    expect(() => accountFromPrivateKey('0x1234')).toThrow(InvalidPrivateKeyError)
    expect(() => accountFromPrivateKey(N)).toThrow(expect.objectContaining({ code: 'PRIVATE_KEY_INVALID' }))
  })
})

describe('isValidPrivateKey', () => {
  it('accepts 64 hex characters for a key from 1 to n−1', () => {
    expect(isValidPrivateKey(`0x${'0'.repeat(63)}1`)).toBe(true)
    expect(isValidPrivateKey(`${N.slice(0, -1)}0`)).toBe(true)
    expect(isValidPrivateKey(HARDHAT_1.privateKey)).toBe(true)
  })

  it('refuses zero, n and above, wrong lengths and non-hex', () => {
    for (const key of [
      '0'.repeat(64),
      N,
      'f'.repeat(64),
      HARDHAT_0.privateKey.slice(0, -1),
      `${HARDHAT_0.privateKey}0`,
      HARDHAT_0.privateKey.replace('a', 'g'),
      `0x0x${HARDHAT_0.privateKey.slice(4)}`,
      '',
    ]) {
      expect(isValidPrivateKey(key), key).toBe(false)
    }
  })
})
