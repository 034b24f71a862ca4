import type { Texts } from '@kinetic/protocol'

/** Country calling codes offered on the phone forms (`/v1/code`). */
export const PHONE_PREFIXES: readonly { prefix: string; name: Texts }[] = [
  { prefix: '86', name: { 'zh-cn': '中国大陆', 'us-en': 'Mainland China', 'zh-hk': '中國大陸' } },
  { prefix: '852', name: { 'zh-cn': '中国香港', 'us-en': 'Hong Kong, China', 'zh-hk': '中國香港' } },
  { prefix: '853', name: { 'zh-cn': '中国澳门', 'us-en': 'Macao, China', 'zh-hk': '中國澳門' } },
  { prefix: '886', name: { 'zh-cn': '中国台湾', 'us-en': 'Taiwan, China', 'zh-hk': '中國台灣' } },
  { prefix: '1', name: { 'zh-cn': '美国/加拿大', 'us-en': 'United States / Canada', 'zh-hk': '美國/加拿大' } },
  { prefix: '44', name: { 'zh-cn': '英国', 'us-en': 'United Kingdom', 'zh-hk': '英國' } },
  { prefix: '65', name: { 'zh-cn': '新加坡', 'us-en': 'Singapore', 'zh-hk': '新加坡' } },
  { prefix: '60', name: { 'zh-cn': '马来西亚', 'us-en': 'Malaysia', 'zh-hk': '馬來西亞' } },
  { prefix: '81', name: { 'zh-cn': '日本', 'us-en': 'Japan', 'zh-hk': '日本' } },
  { prefix: '82', name: { 'zh-cn': '韩国', 'us-en': 'South Korea', 'zh-hk': '韓國' } },
  { prefix: '61', name: { 'zh-cn': '澳大利亚', 'us-en': 'Australia', 'zh-hk': '澳洲' } },
  { prefix: '49', name: { 'zh-cn': '德国', 'us-en': 'Germany', 'zh-hk': '德國' } },
  { prefix: '33', name: { 'zh-cn': '法国', 'us-en': 'France', 'zh-hk': '法國' } },
  { prefix: '91', name: { 'zh-cn': '印度', 'us-en': 'India', 'zh-hk': '印度' } },
  { prefix: '62', name: { 'zh-cn': '印度尼西亚', 'us-en': 'Indonesia', 'zh-hk': '印尼' } },
  { prefix: '66', name: { 'zh-cn': '泰国', 'us-en': 'Thailand', 'zh-hk': '泰國' } },
  { prefix: '84', name: { 'zh-cn': '越南', 'us-en': 'Vietnam', 'zh-hk': '越南' } },
  { prefix: '63', name: { 'zh-cn': '菲律宾', 'us-en': 'Philippines', 'zh-hk': '菲律賓' } },
  { prefix: '971', name: { 'zh-cn': '阿联酋', 'us-en': 'United Arab Emirates', 'zh-hk': '阿聯酋' } },
  { prefix: '7', name: { 'zh-cn': '俄罗斯', 'us-en': 'Russia', 'zh-hk': '俄羅斯' } },
]
