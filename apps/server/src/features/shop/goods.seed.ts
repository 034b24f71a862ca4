import type { Texts } from '@kinetic/protocol'

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

/** Goods every installation starts with; seeding never overwrites an edited row. */
export const SEED_GOODS: readonly SeedGood[] = [
  {
    // the first version's key, kept so existing rows match; the length is the setting's
    slug: 'physical-fitness-30d',
    kind: 'virtual',
    name: {
      'us-en': 'Physical-fitness analysis ({days} days)',
      'zh-cn': '体能分析（{days}天）',
      'zh-hk': '體能分析（{days}天）',
    },
    description: {
      'us-en': 'Unlocks the physical-fitness analysis of your health data for {days} days from redemption.',
      'zh-cn': '兑换后 {days} 天内可查看基于您健康数据的体能分析。',
      'zh-hk': '兌換後 {days} 天內可查看基於您健康數據的體能分析。',
    },
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
    ],
  },
  {
    slug: 'energy-pack-50',
    kind: 'virtual',
    name: { 'us-en': 'Energy pack (50)', 'zh-cn': '能量包（50）', 'zh-hk': '能量包（50）' },
    description: {
      'us-en': '50 energy added to your balance at once.',
      'zh-cn': '立即为您的余额增加 50 能量。',
      'zh-hk': '立即為您的餘額增加 50 能量。',
    },
    pricePoints: 200,
    stock: null,
    fulfilment: 'energy:50',
    sort: 20,
  },
  {
    slug: 'knt-voucher-10',
    kind: 'virtual',
    name: { 'us-en': 'KNT voucher (10 KNT)', 'zh-cn': 'KNT 兑换券（10 KNT）', 'zh-hk': 'KNT 兌換券（10 KNT）' },
    description: {
      'us-en': '10 KNT added to your earnings at once; collect them to your wallet.',
      'zh-cn': '立即为您的收益增加 10 KNT，可提取到您的钱包。',
      'zh-hk': '立即為您的收益增加 10 KNT，可提取到您的錢包。',
    },
    pricePoints: 200,
    stock: null,
    fulfilment: 'knt:10',
    sort: 25,
  },
  {
    slug: 'sport-band',
    kind: 'physical',
    name: { 'us-en': 'Silicone sport band', 'zh-cn': '硅胶运动表带', 'zh-hk': '矽膠運動錶帶' },
    description: {
      'us-en': 'A breathable 22 mm band for your watch, shipped within 3 working days.',
      'zh-cn': '透气的 22 毫米手表表带，3 个工作日内发货。',
      'zh-hk': '透氣的 22 毫米手錶錶帶，3 個工作日內發貨。',
    },
    pricePoints: 800,
    stock: 100,
    fulfilment: '',
    sort: 30,
  },
  {
    slug: 'water-bottle',
    kind: 'physical',
    name: { 'us-en': 'Sports water bottle', 'zh-cn': '运动水壶', 'zh-hk': '運動水壺' },
    description: {
      'us-en': 'A 600 ml insulated bottle with the Kinetic logo, shipped within 3 working days.',
      'zh-cn': '600 毫升保温水壶，印有 Kinetic 标志，3 个工作日内发货。',
      'zh-hk': '600 毫升保溫水壺，印有 Kinetic 標誌，3 個工作日內發貨。',
    },
    pricePoints: 500,
    stock: 50,
    fulfilment: '',
    sort: 40,
  },
]
