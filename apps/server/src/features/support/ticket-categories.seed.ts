import type { Texts } from '@kinetic/protocol'

/** Work ticket categories every installation has (ids are stable: tickets refer to them). */
export const SEED_TICKET_CATEGORIES: readonly { id: number; sort: number; name: Texts }[] = [
  { id: 1, sort: 1, name: { 'us-en': 'Account and security', 'zh-cn': '账号与安全', 'zh-hk': '帳號與安全' } },
  { id: 2, sort: 2, name: { 'us-en': 'Device and data', 'zh-cn': '设备与数据', 'zh-hk': '設備與數據' } },
  { id: 3, sort: 3, name: { 'us-en': 'Wallet and assets', 'zh-cn': '钱包与资产', 'zh-hk': '錢包與資產' } },
  { id: 4, sort: 4, name: { 'us-en': 'Orders and points', 'zh-cn': '订单与积分', 'zh-hk': '訂單與積分' } },
  { id: 5, sort: 5, name: { 'us-en': 'Suggestions', 'zh-cn': '意见建议', 'zh-hk': '意見建議' } },
  { id: 6, sort: 6, name: { 'us-en': 'Other', 'zh-cn': '其他', 'zh-hk': '其他' } },
]
