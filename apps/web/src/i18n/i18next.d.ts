import type account from './locales/en-US/account.json'
import type admin from './locales/en-US/admin.json'
import type app from './locales/en-US/app.json'
import type common from './locales/en-US/common.json'
import type content from './locales/en-US/content.json'
import type earn from './locales/en-US/earn.json'
import type shop from './locales/en-US/shop.json'
import type device from './locales/en-US/device.json'
import type discover from './locales/en-US/discover.json'
import type health from './locales/en-US/health.json'
import type support from './locales/en-US/support.json'
import type wallet from './locales/en-US/wallet.json'

/** Typed keys: a key missing from the locale files fails the type check. Add each new file here. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    resources: {
      translation: {
        account: typeof account
        admin: typeof admin
        app: typeof app
        common: typeof common
        content: typeof content
        earn: typeof earn
        shop: typeof shop
        device: typeof device
        discover: typeof discover
        health: typeof health
        support: typeof support
        wallet: typeof wallet
      }
    }
  }
}
