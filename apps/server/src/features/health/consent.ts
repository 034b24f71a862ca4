import type { Db } from '../../platform/db/client.ts'
import { healthRepo } from './health.repo.ts'

export type ConsentKind = 'exercise' | 'sleep' | 'heart_rate'

/**
 * The one way other features (earning) learn whether a user's data of a kind may be
 * used: without consent it earns nothing and is shared with no one. No row = no consent.
 */
export async function consentOf(db: Db, userId: number): Promise<Record<ConsentKind, boolean>> {
  return consentFrom(await healthRepo(db).consent(userId))
}

/** The consents of a consent row (`healthParts.consent`'s, or undefined when the user has none). */
export function consentFrom(
  row: { exercise: boolean; sleep: boolean; heartRate: boolean } | undefined,
): Record<ConsentKind, boolean> {
  return { exercise: row?.exercise ?? false, sleep: row?.sleep ?? false, heart_rate: row?.heartRate ?? false }
}

export async function hasConsent(db: Db, userId: number, kind: ConsentKind): Promise<boolean> {
  return (await consentOf(db, userId))[kind]
}
