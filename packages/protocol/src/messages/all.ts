// The message catalogs on the server and in Node (the `default` of `#messages`): every
// language, bundled. The browser gets `lazy.ts`.
import type { WireLang } from '../lang.ts'
import type { MessageCatalog } from './catalog.ts'
import enUS from './en-US.json' with { type: 'json' }
import zhCN from './zh-CN.json' with { type: 'json' }
import zhTW from './zh-TW.json' with { type: 'json' }

/** The type check fails here when a language lacks a code or a wait text. */
const CATALOGS: Record<WireLang, MessageCatalog> = { 'zh-cn': zhCN, 'us-en': enUS, 'zh-hk': zhTW }

export function messagesOf(lang: WireLang): MessageCatalog | undefined {
  return CATALOGS[lang]
}

/** Every language is here already. */
export async function loadMessages(_lang: WireLang): Promise<void> {}
