import { textsByKey, type Texts } from '@kinetic/protocol'
import { z } from 'zod'
import seed from './goods.seed.json' with { type: 'json' }
import enUS from './texts/en-US.json' with { type: 'json' }
import zhCN from './texts/zh-CN.json' with { type: 'json' }
import zhTW from './texts/zh-TW.json' with { type: 'json' }

/** The shop's texts per language (`texts/<locale>.json`): goods' names and descriptions, the shipped message. */
export const SHOP_TEXT_FILES = { 'zh-cn': zhCN, 'us-en': enUS, 'zh-hk': zhTW }
export const SHOP_TEXTS = textsByKey(SHOP_TEXT_FILES)

/** A text of `texts/<locale>.json` by its dotted key (the parity test keeps every language complete). */
export function shopText(key: string): Texts {
  const texts = SHOP_TEXTS[key]
  if (!texts) throw new Error(`shop texts: no ${key}`)
  return texts
}

/** A good's texts as an earlier version of the seed stored them: replaced by the current ones unless edited since. */
export interface FormerTexts {
  name: Texts
  description: Texts
}

export interface SeedGood {
  /** The good's key (never shown); kept across versions of its texts. */
  slug: string
  kind: 'virtual' | 'physical'
  name: Texts
  description: Texts
  pricePoints: number
  stock: number | null
  fulfilment: string
  sort: number
  formerly?: readonly FormerTexts[]
}

/** The physical-fitness analysis: health's report plugs in through the shop's fulfilment hook. */
export const PHYSICAL_FITNESS = 'physical_fitness'

/** In a good's name or description, stands for the physical-fitness validity (the operator's setting). */
export const FITNESS_DAYS_MARK = '{days}'

const TextsSchema = z.object({ 'zh-cn': z.string(), 'us-en': z.string(), 'zh-hk': z.string() })

/**
 * `goods.seed.json`: the goods every installation starts with, their texts by slug
 * (`goods.<slug>.name`, `.description` in `texts/<locale>.json`). The first good keeps the first
 * version's slug so existing rows match (the length is the operator's setting); its `formerly`
 * holds the texts the first seed wrote (the length in them, stale when the setting changed) and
 * the zh-TW description before its Taiwan wording (docs/adr/2026-11-24-zh-tw-wording.md).
 */
const SeedFile = z.array(
  z.object({
    slug: z.string(),
    kind: z.enum(['virtual', 'physical']),
    pricePoints: z.number().int(),
    stock: z.number().int().nullable(),
    fulfilment: z.string(),
    sort: z.number().int(),
    formerly: z.array(z.object({ name: TextsSchema, description: TextsSchema })).optional(),
  }),
)

/** Goods every installation starts with; seeding never overwrites an edited row. */
export const SEED_GOODS: readonly SeedGood[] = SeedFile.parse(seed).map(({ slug, kind, formerly, ...rest }) => ({
  slug,
  kind,
  name: shopText(`goods.${slug}.name`),
  description: shopText(`goods.${slug}.description`),
  ...rest,
  ...(formerly ? { formerly } : {}),
}))
