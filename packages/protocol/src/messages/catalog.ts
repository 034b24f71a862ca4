import type { ErrorCode } from '../errors.ts'

/** One language's messages: `messages/<locale>.json`. */
export type MessageCatalog = {
  errors: Record<ErrorCode, string>
  fields: Record<string, string>
  /** The words of a wait: `{n}` seconds, one minute, `{n}` minutes. */
  wait: { seconds: string; minute: string; minutes: string }
}
