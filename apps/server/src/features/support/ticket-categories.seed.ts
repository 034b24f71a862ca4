import { textsByKey, type Texts } from '@kinetic/protocol'
import enUS from './texts/en-US.json' with { type: 'json' }
import zhCN from './texts/zh-CN.json' with { type: 'json' }
import zhTW from './texts/zh-TW.json' with { type: 'json' }

/** Support's texts per language (`texts/<locale>.json`): ticket categories, the replied message. */
export const SUPPORT_TEXT_FILES = { 'zh-cn': zhCN, 'us-en': enUS, 'zh-hk': zhTW }
const SUPPORT_TEXTS = textsByKey(SUPPORT_TEXT_FILES)

/** A text of `texts/<locale>.json` by its dotted key (the parity test keeps every language complete). */
export function supportText(key: string): Texts {
  const texts = SUPPORT_TEXTS[key]
  if (!texts) throw new Error(`support texts: no ${key}`)
  return texts
}

/**
 * Names an earlier catalog seeded, by category id: a row stored before seed versions existed with
 * one of them is still the seed's (platform/db/seeded-texts.ts). Here: the zh-TW names before their
 * Taiwan wording (docs/adr/2026-11-24-zh-tw-wording.md).
 */
const FORMER_NAMES: Readonly<Record<number, Partial<Texts>>> = {
  2: { 'zh-hk': '設備與數據' },
}

export type SeedTicketCategory = { id: number; sort: number; name: Texts; formerly?: readonly Texts[] }

/** Work ticket categories every installation has (ids are stable: tickets refer to them; names: `categories.<id>`). */
export const SEED_TICKET_CATEGORIES: readonly SeedTicketCategory[] = [1, 2, 3, 4, 5, 6].map((id) => {
  const name = supportText(`categories.${id}`)
  const former = FORMER_NAMES[id]
  return { id, sort: id, name, ...(former ? { formerly: [{ ...name, ...former }] } : {}) }
})
