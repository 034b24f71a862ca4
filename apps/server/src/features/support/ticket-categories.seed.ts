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

/** Work ticket categories every installation has (ids are stable: tickets refer to them; names: `categories.<id>`). */
export const SEED_TICKET_CATEGORIES: readonly { id: number; sort: number; name: Texts }[] = [1, 2, 3, 4, 5, 6].map(
  (id) => ({ id, sort: id, name: supportText(`categories.${id}`) }),
)
