import { describe, expect, it } from 'vitest'
import { staleClientModules } from '../../../scripts/protocol-client.ts'
import * as browser from './browser.ts'
import { CATALOG } from './catalog.ts'
import * as full from './index.ts'

const FEATURE_MODULES = [
  'account',
  'admin',
  'content',
  'device',
  'deviceApi',
  'earn',
  'health',
  'shop',
  'support',
  'swap',
  'wallet',
]

describe('the browser entry', () => {
  it('calls every catalog operation by the same name, path, sign-in and feature', () => {
    const refs = FEATURE_MODULES.flatMap((module) => Object.values(browser[module as keyof typeof browser] as object))
    for (const def of CATALOG) {
      expect(refs, def.name).toContainEqual({ name: def.name, path: def.path, auth: def.auth, feature: def.feature })
    }
  })

  it('keeps the plain constants and drops every schema', () => {
    expect(browser.earn.TASK_GROUPS).toEqual(full.earn.TASK_GROUPS)
    expect(browser.wallet.FEE_TIER_SECONDS).toEqual(full.wallet.FEE_TIER_SECONDS)
    expect(browser.wallet.ADDRESS_RE.source).toBe(full.wallet.ADDRESS_RE.source)
    expect(browser.earn.home).toEqual({ name: '/v1/gethome', path: '/v1/index', auth: true, feature: 'earn' })
    expect('params' in browser.earn.home).toBe(false)
    expect(Object.keys(browser.earn)).not.toContain('Task')
  })

  it('exports everything index.ts does but the schemas, the catalog and the messages of every language at once', () => {
    const missing = Object.keys(full).filter((name) => !(name in browser))
    expect(missing.sort()).toEqual(
      ['CATALOG', 'CATALOG_BY_NAME', 'PAGE_LIMIT_MAX', 'decimal', 'id', 'int', 'isoTime', 'listOf', 'none']
        .concat(['okResult', 'optional', 'pageParams', 'pendingResult', 'required', 'text'])
        .concat(['ERRORS', 'FIELD_LABELS', 'MESSAGE_FILES'])
        .concat(['CsvFile', 'calendarDay', 'exportRange'])
        .sort(),
    )
  })

  it('is generated from the current protocol (`npm run protocol:client`)', async () => {
    expect(await staleClientModules()).toEqual([])
  })
})
