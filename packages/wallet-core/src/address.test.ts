import { describe, expect, it } from 'vitest'
import { addressProblem, isAddress, lookAlike } from './address.ts'

const CHECKSUMMED = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const KNOWN = '0x1234567890abcdef1234567890abcdef12345678'

describe('isAddress', () => {
  it('accepts a checksummed address and one with no checksum (all lower or upper case)', () => {
    expect(isAddress(CHECKSUMMED)).toBe(true)
    expect(isAddress(CHECKSUMMED.toLowerCase())).toBe(true)
    expect(isAddress(`0x${CHECKSUMMED.slice(2).toUpperCase()}`)).toBe(true)
  })

  it('refuses mixed case that is not the EIP-55 checksum', () => {
    expect(isAddress(CHECKSUMMED.replace('C5', 'c5'))).toBe(false)
    expect(isAddress(CHECKSUMMED.replace('dc', 'dC'))).toBe(false)
  })

  it('refuses wrong lengths, a missing or capital 0X prefix and non-hex', () => {
    for (const value of [
      CHECKSUMMED.slice(0, -1),
      `${CHECKSUMMED}0`,
      CHECKSUMMED.slice(2),
      `0X${CHECKSUMMED.slice(2)}`,
      CHECKSUMMED.replace('C8', 'G8'),
      ` ${CHECKSUMMED}`,
      '',
    ]) {
      expect(isAddress(value), value).toBe(false)
    }
  })
})

describe('addressProblem', () => {
  it('names a wrong checksum apart from a wrong shape', () => {
    expect(addressProblem(CHECKSUMMED)).toBeNull()
    expect(addressProblem(CHECKSUMMED.toLowerCase())).toBeNull()
    expect(addressProblem(CHECKSUMMED.replace('C5', 'c5'))).toBe('ADDRESS_CHECKSUM')
    expect(addressProblem(CHECKSUMMED.replace('dc', 'dd'))).toBe('ADDRESS_CHECKSUM')
    expect(addressProblem(CHECKSUMMED.slice(0, -1))).toBe('ADDRESS_INVALID')
    expect(addressProblem(CHECKSUMMED.replace('C8', 'G8'))).toBe('ADDRESS_INVALID')
  })
})

describe('lookAlike', () => {
  it('flags a different address with the same first and last 4 hex characters', () => {
    expect(lookAlike(KNOWN, '0x1234ffffffffffffffffffffffffffffffff5678')).toBe(true)
    expect(lookAlike(KNOWN, '0x1234FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5678')).toBe(true)
  })

  it('does not flag the same address, in any case', () => {
    expect(lookAlike(KNOWN, KNOWN)).toBe(false)
    expect(lookAlike(KNOWN, KNOWN.toUpperCase().replace('0X', '0x'))).toBe(false)
  })

  it('does not flag addresses that differ in the first or last 4 characters', () => {
    expect(lookAlike(KNOWN, '0x1235567890abcdef1234567890abcdef12345678')).toBe(false)
    expect(lookAlike(KNOWN, '0x1234567890abcdef1234567890abcdef12345679')).toBe(false)
  })

  it('does not flag text that is not an address', () => {
    expect(lookAlike(KNOWN, '0x12345678')).toBe(false)
    expect(lookAlike('1234ffffffffffffffffffffffffffffffff5678', KNOWN)).toBe(false)
  })
})
