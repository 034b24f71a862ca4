import type { Locale } from '@kinetic/protocol'
import zhCN from 'antd-mobile/es/locales/zh-CN'

/** antd-mobile's own texts (picker buttons, dialog confirm, empty states) in one language. */
export type AntdLocale = typeof zhCN

/** zh-CN is antd-mobile's default (bundled with it anyway); the others load with their language. */
const LOADERS: Record<Locale, () => Promise<AntdLocale>> = {
  'zh-CN': async () => zhCN,
  'en-US': () => import('antd-mobile/es/locales/en-US').then((m) => m.default),
  'zh-TW': () => import('antd-mobile/es/locales/zh-TW').then((m) => m.default),
}

const loaded = new Map<Locale, AntdLocale>([['zh-CN', zhCN]])

export async function loadAntdLocale(locale: Locale): Promise<void> {
  loaded.set(locale, await LOADERS[locale]())
}

/** The loaded antd-mobile texts of `locale` (`loadAntdLocale` ran before the switch to it). */
export function antdLocale(locale: Locale): AntdLocale {
  return loaded.get(locale) ?? zhCN
}
