import { textsByKey, type Texts } from '@kinetic/protocol'
import { z } from 'zod'
import seed from './ticket-categories.seed.json' with { type: 'json' }
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

export type SeedTicketCategory = { id: number; sort: number; name: Texts; formerly?: readonly Texts[] }

/**
 * `ticket-categories.seed.json`: the work ticket categories every installation has (ids are
 * stable: tickets refer to them; names: `categories.<id>`). A category's `formerly` lists names
 * an earlier catalog seeded, in the languages that differed: a row stored before seed versions
 * existed with one of them is still the seed's (platform/db/seeded-texts.ts). Here: the zh-TW
 * names before their Taiwan wording (docs/adr/2026-11-24-zh-tw-wording.md).
 */
const SeedFile = z.array(
  z.object({
    id: z.number().int(),
    sort: z.number().int(),
    formerly: z.array(z.object({ 'zh-cn': z.string(), 'us-en': z.string(), 'zh-hk': z.string() }).partial()).optional(),
  }),
)

export const SEED_TICKET_CATEGORIES: readonly SeedTicketCategory[] = SeedFile.parse(seed).map(
  ({ id, sort, formerly }) => {
    const name = supportText(`categories.${id}`)
    return { id, sort, name, ...(formerly ? { formerly: formerly.map((former) => ({ ...name, ...former })) } : {}) }
  },
)
