/** The web package version, injected by vite `define` (vite.config.ts). */
declare const __APP_VERSION__: string

interface Window {
  /** The installed app version; a host shell may set it before the app starts (spec §3). */
  appVersion?: string
}

declare module 'postcss-pxtorem' {
  import type { PluginCreator } from 'postcss'
  const pxtorem: PluginCreator<{
    rootValue?: number
    propList?: string[]
    minPixelValue?: number
    selectorBlackList?: (string | RegExp)[]
    exclude?: RegExp | ((file: string) => boolean)
  }>
  export default pxtorem
}
