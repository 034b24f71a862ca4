import type { MethodRef, ParamsIn } from '@kinetic/protocol'
import { currentAccountId } from './session'

/**
 * The one query-key factory. Answers of operations that need a session are keyed under
 * `signedIn` and the acting account (so one account's data is never shown for another);
 * the others under `public`; the operator console's under `console` (its own app and
 * session, never a user's). Then feature, operation and params.
 */
export const queryKeys = {
  signedIn: ['signedIn'] as const,
  method: <M extends MethodRef>(def: M, params?: ParamsIn<M>) =>
    def.auth
      ? (['signedIn', currentAccountId(), def.feature, def.name, params ?? {}] as const)
      : (['public', def.feature, def.name, params ?? {}] as const),
  console: ['console'] as const,
  /** A console operation's answer; without params, the root of all its answers (for invalidation). */
  consoleMethod: <M extends MethodRef>(def: M, params?: ParamsIn<M>) =>
    ['console', def.feature, def.name, params ?? {}] as const,
}
