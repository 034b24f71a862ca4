import * as account from './account.ts'
import * as admin from './admin.ts'
import * as content from './content.ts'
import * as device from './device.ts'
import * as earn from './earn.ts'
import * as health from './health.ts'
import type { MethodDef } from './method.ts'
import * as shop from './shop.ts'
import * as support from './support.ts'
import * as swap from './swap.ts'
import * as wallet from './wallet.ts'

function methodsOf(module: Record<string, unknown>): MethodDef[] {
  return Object.values(module).filter(
    (v): v is MethodDef => typeof v === 'object' && v !== null && 'name' in v && 'params' in v && 'result' in v,
  )
}

/** Every operation of the API, once. */
export const CATALOG: readonly MethodDef[] = [
  account,
  content,
  health,
  device,
  earn,
  shop,
  wallet,
  swap,
  support,
  admin,
].flatMap(methodsOf)

export const CATALOG_BY_NAME: ReadonlyMap<string, MethodDef> = new Map(CATALOG.map((m) => [m.name, m]))
