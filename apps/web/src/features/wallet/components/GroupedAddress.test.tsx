import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { addressGroups, GroupedAddress } from './GroupedAddress'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('an address shown to be checked', () => {
  it('is 0x and ten groups of four, together the whole address', () => {
    const groups = addressGroups(ADDRESS)
    expect(groups).toEqual(['0x', '7099', '7970', 'C518', '12dc', '3A01', '0C7d', '01b5', '0e0d', '17dc', '79C8'])
    expect(groups.join('')).toBe(ADDRESS)
  })

  it('reads and copies as the whole address, with no spaces added', () => {
    const { container } = render(<GroupedAddress address={ADDRESS} />)
    expect(container.textContent).toBe(ADDRESS)
    expect([...container.querySelectorAll('[data-address] > span')].map((s) => s.textContent)).toEqual(
      addressGroups(ADDRESS),
    )
  })
})
