import { CATALOG, content } from '@kinetic/protocol'
import { describe, expect, it } from 'vitest'
import { Registry } from './registry.ts'

describe('Registry.assertComplete (the start-up check of buildApp)', () => {
  it('refuses a registry missing catalog methods, naming each one', () => {
    const registry = new Registry()
    registry.handle(content.appVersion, async () => ({ app_version: '1.0.0' }))
    const catalog = [content.appVersion, content.article, content.messages]
    expect(() => registry.assertComplete(catalog)).toThrow(
      `no handler for 2 catalog method(s): ${content.article.name}, ${content.messages.name}`,
    )
  })

  it('accepts a registry serving every method of the catalog it is checked against', () => {
    const registry = new Registry()
    for (const def of CATALOG) registry.handle(def, async () => ({}) as never)
    expect(() => registry.assertComplete(CATALOG)).not.toThrow()
  })

  it('throws for a method without a handler when asked for it', () => {
    expect(() => new Registry().require(content.article.name)).toThrow(`${content.article.name} has no handler`)
  })
})
