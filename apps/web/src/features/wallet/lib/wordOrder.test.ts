import { describe, expect, it } from 'vitest'
import { checkOrder, misplacedSlots, shuffleWords, togglePick } from './wordOrder'

const WORDS = 'abandon ability able about above absent absorb abstract absurd abuse access accident'.split(' ')

/** A deterministic random source (a small LCG). */
function seeded(seed: number): () => number {
  let s = seed
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31
    return s / 2 ** 31
  }
}

describe('word-order verification', () => {
  it('shuffles every word exactly once, and never into the original order', () => {
    for (let seed = 1; seed < 200; seed++) {
      const chips = shuffleWords(WORDS, seeded(seed))
      expect(chips.map((c) => c.word).sort()).toEqual([...WORDS].sort())
      expect(chips.map((c) => c.word)).not.toEqual(WORDS)
    }
  })

  it('still differs from the original with a random source that never moves anything', () => {
    const chips = shuffleWords(WORDS, () => 0.999999)
    expect(chips.map((c) => c.word)).not.toEqual(WORDS)
  })

  it('accepts the words picked in order and refuses any other order', () => {
    const chips = shuffleWords(WORDS, seeded(7))
    const idOf = (word: string) => chips.find((c) => c.word === word)?.id as number
    const inOrder = WORDS.map(idOf)
    expect(checkOrder(WORDS, chips, inOrder)).toBe('right')

    const swapped = [...inOrder]
    ;[swapped[0], swapped[1]] = [swapped[1] as number, swapped[0] as number]
    expect(checkOrder(WORDS, chips, swapped)).toBe('wrong')
    expect(checkOrder(WORDS, chips, inOrder.slice(0, 11))).toBe('incomplete')
  })

  it('treats a word that appears twice as interchangeable', () => {
    const words = [...WORDS.slice(0, 11), 'abandon']
    const chips = shuffleWords(words, seeded(3))
    const abandons = chips.filter((c) => c.word === 'abandon').map((c) => c.id)
    const others = words.slice(1, 11).map((w) => chips.find((c) => c.word === w)?.id as number)
    expect(checkOrder(words, chips, [abandons[1] as number, ...others, abandons[0] as number])).toBe('right')
  })

  it('finds only the slots holding a word out of its place', () => {
    const chips = shuffleWords(WORDS, seeded(5))
    const idOf = (word: string) => chips.find((c) => c.word === word)?.id as number
    const inOrder = WORDS.map(idOf)
    expect(misplacedSlots(WORDS, chips, inOrder)).toEqual([])
    const swapped = [...inOrder]
    ;[swapped[3], swapped[9]] = [swapped[9] as number, swapped[3] as number]
    expect(misplacedSlots(WORDS, chips, swapped)).toEqual([3, 9])
    // one word moved from the end to the front shifts every word in between
    const moved = [inOrder[11] as number, ...inOrder.slice(0, 11)]
    expect(misplacedSlots(WORDS, chips, moved)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
  })

  it('picks a chip once and takes it back on a second tap', () => {
    expect(togglePick([], 3)).toEqual([3])
    expect(togglePick([3, 5], 7)).toEqual([3, 5, 7])
    expect(togglePick([3, 5, 7], 5)).toEqual([3, 7])
  })
})
