import type { MethodRef } from '@kinetic/protocol'
import { queryOptions } from '@tanstack/react-query'
import { call, type ParamsArgs } from './client'
import { queryKeys } from './keys'

/** Query options that call one operation; `<f>.queries.ts` builds its hooks from these. */
export function methodQuery<M extends MethodRef>(def: M, ...args: ParamsArgs<M>) {
  return queryOptions({ queryKey: queryKeys.method(def, args[0]), queryFn: () => call(def, ...args) })
}
