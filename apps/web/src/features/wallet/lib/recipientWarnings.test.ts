import { describe, expect, it } from 'vitest'
import { recipientWarnings } from './recipientWarnings'

const PAST = '0x1234' + '0'.repeat(32) + 'abcd'
const POISON = '0x1234' + 'f'.repeat(32) + 'abcd'
const FRIEND = '0x9876' + '1'.repeat(32) + 'cdef'
const FRIEND_LOOKALIKE = '0x9876' + '2'.repeat(32) + 'cdef'
const STRANGER = '0x5555' + '3'.repeat(32) + '6666'

describe('recipient warnings', () => {
  it('says nothing for a past recipient', () => {
    expect(recipientWarnings(PAST, { recipients: [PAST], book: [] })).toEqual([])
    expect(recipientWarnings(PAST.toUpperCase().replace('0X', '0x'), { recipients: [PAST], book: [] })).toEqual([])
  })

  it('warns about a first-time recipient', () => {
    expect(recipientWarnings(STRANGER, { recipients: [PAST], book: [] })).toEqual([{ kind: 'firstTime' }])
  })

  it('warns first about an address that looks like a past recipient', () => {
    expect(recipientWarnings(POISON, { recipients: [PAST], book: [] })).toEqual([
      { kind: 'lookAlike', similar: PAST },
      { kind: 'firstTime' },
    ])
  })

  it('warns about an address that looks like an address-book entry, naming it', () => {
    const book = [{ name: 'Friend', address: FRIEND }]
    expect(recipientWarnings(FRIEND_LOOKALIKE, { recipients: [], book })).toEqual([
      { kind: 'lookAlike', similar: FRIEND, name: 'Friend' },
      { kind: 'firstTime' },
    ])
    expect(recipientWarnings(FRIEND, { recipients: [], book })).toEqual([{ kind: 'firstTime' }])
  })
})
