import type { MethodDef } from '@kinetic/protocol'
import { z } from 'zod'

export interface CatalogEntry {
  name: string
  path: string
  auth: boolean
  feature: string
  summary: string
  params: unknown
  result: unknown
}

const cache = new WeakMap<readonly MethodDef[], { methods: CatalogEntry[] }>()

/** The method catalog as JSON Schema, generated from the zod contracts (`GET /v1/schema`). */
export function catalogSchema(catalog: readonly MethodDef[]): { methods: CatalogEntry[] } {
  const cached = cache.get(catalog)
  if (cached) return cached
  const methods = catalog.map((def) => ({
    name: def.name,
    path: def.path,
    auth: def.auth,
    feature: def.feature,
    summary: def.summary,
    params: z.toJSONSchema(def.params, { io: 'input', unrepresentable: 'any' }),
    result: z.toJSONSchema(def.result, { io: 'output', unrepresentable: 'any' }),
  }))
  const doc = { methods }
  cache.set(catalog, doc)
  return doc
}
