// The message catalogs in the browser (the `browser` condition of `#messages`): a language
// loads when the app starts in it or switches to it, so the first route carries none of
// them (docs/adr/2026-11-24-text-catalogs.md).
import type { WireLang } from '../lang.ts'
import type { MessageCatalog } from './catalog.ts'

const LOADERS: Record<WireLang, () => Promise<{ default: MessageCatalog }>> = {
  'zh-cn': () => import('./zh-CN.json'),
  'us-en': () => import('./en-US.json'),
  'zh-hk': () => import('./zh-TW.json'),
}

const loaded: Partial<Record<WireLang, MessageCatalog>> = {}

/** A language's messages once `loadMessages` brought them. */
export function messagesOf(lang: WireLang): MessageCatalog | undefined {
  return loaded[lang]
}

/** Loads a language's messages (once). */
export async function loadMessages(lang: WireLang): Promise<void> {
  loaded[lang] ??= (await LOADERS[lang]()).default
}
