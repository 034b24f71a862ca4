import { isMnemonicOrder } from '@kinetic/protocol'

/** One chip of the verification screen; ids tell apart a word that appears twice. */
export type WordChip = { id: number; word: string }

/**
 * The words as chips in a random order (Fisher–Yates), never the original order when the
 * words allow another, so the person has to know the sequence.
 */
export function shuffleWords(words: readonly string[], random: () => number = Math.random): WordChip[] {
  const chips = words.map((word, id) => ({ id, word }))
  const distinct = new Set(words).size > 1
  for (let attempt = 0; attempt < 10; attempt++) {
    for (let i = chips.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1))
      ;[chips[i], chips[j]] = [chips[j] as WordChip, chips[i] as WordChip]
    }
    if (
      !distinct ||
      !isMnemonicOrder(
        words,
        chips.map((c) => c.word),
      )
    )
      return chips
  }
  // a pathological random source: rotate by one, which differs from the original
  return [...chips.slice(1), ...chips.slice(0, 1)]
}

/** Tapping a chip: a new one is appended, a picked one is taken back. */
export function togglePick(picked: readonly number[], id: number): number[] {
  return picked.includes(id) ? picked.filter((p) => p !== id) : [...picked, id]
}

export type OrderCheck = 'incomplete' | 'wrong' | 'right'

/**
 * The slots (from 0) whose picked word is not the word of the phrase at that place: only
 * these are marked after a wrong order. A word that appears twice fits either of its places.
 */
export function misplacedSlots(
  words: readonly string[],
  chips: readonly WordChip[],
  picked: readonly number[],
): number[] {
  const byId = new Map(chips.map((c) => [c.id, c.word]))
  return picked.flatMap((id, slot) => (byId.get(id) === words[slot] ? [] : [slot]))
}

/** Whether the picked chips spell the phrase in its order (spec §5). */
export function checkOrder(
  words: readonly string[],
  chips: readonly WordChip[],
  picked: readonly number[],
): OrderCheck {
  if (picked.length < words.length) return 'incomplete'
  const byId = new Map(chips.map((c) => [c.id, c.word]))
  return isMnemonicOrder(
    words,
    picked.map((id) => byId.get(id) ?? ''),
  )
    ? 'right'
    : 'wrong'
}
