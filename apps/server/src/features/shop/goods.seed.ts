import { textsByKey, type Texts } from '@kinetic/protocol'
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

/** Goods every installation starts with (texts: `texts/<locale>.json`); seeding never overwrites an edited row. */
export const SEED_GOODS: readonly SeedGood[] = [
  {
    // the first version's key, kept so existing rows match; the length is the setting's
    slug: 'physical-fitness-30d',
    kind: 'virtual',
    name: shopText('goods.physical-fitness-30d.name'),
    description: shopText('goods.physical-fitness-30d.description'),
    pricePoints: 300,
    stock: null,
    fulfilment: PHYSICAL_FITNESS,
    sort: 10,
    // the first seed wrote the length into the texts, and they went stale when the setting changed
    formerly: [
      {
        name: {
          'us-en': 'Physical-fitness analysis (30 days)',
          'zh-cn': '体能分析（30天）',
          'zh-hk': '體能分析（30天）',
        },
        description: {
          'us-en': 'Unlocks the physical-fitness analysis of your health data for 30 days from redemption.',
          'zh-cn': '兑换后 30 天内可查看基于您健康数据的体能分析。',
          'zh-hk': '兌換後 30 天內可查看基於您健康數據的體能分析。',
        },
      },
      // the zh-TW description before its Taiwan wording (docs/adr/2026-11-24-zh-tw-wording.md)
      {
        name: shopText('goods.physical-fitness-30d.name'),
        description: {
          ...shopText('goods.physical-fitness-30d.description'),
          'zh-hk': '兌換後 {days} 天內可查看基於您健康數據的體能分析。',
        },
      },
    ],
  },
  {
    slug: 'energy-pack-50',
    kind: 'virtual',
    name: shopText('goods.energy-pack-50.name'),
    description: shopText('goods.energy-pack-50.description'),
    pricePoints: 200,
    stock: null,
    fulfilment: 'energy:50',
    sort: 20,
  },
  {
    slug: 'knt-voucher-10',
    kind: 'virtual',
    name: shopText('goods.knt-voucher-10.name'),
    description: shopText('goods.knt-voucher-10.description'),
    pricePoints: 200,
    stock: null,
    fulfilment: 'knt:10',
    sort: 25,
  },
  {
    slug: 'sport-band',
    kind: 'physical',
    name: shopText('goods.sport-band.name'),
    description: shopText('goods.sport-band.description'),
    pricePoints: 800,
    stock: 100,
    fulfilment: '',
    sort: 30,
  },
  {
    slug: 'water-bottle',
    kind: 'physical',
    name: shopText('goods.water-bottle.name'),
    description: shopText('goods.water-bottle.description'),
    pricePoints: 500,
    stock: 50,
    fulfilment: '',
    sort: 40,
  },
]
