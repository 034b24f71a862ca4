import { hash, verify } from '@node-rs/argon2'

/** argon2id with OWASP's minimum: m = 19 MiB, t = 2, p = 1. */
// `algorithm: 2` is Algorithm.Argon2id (an ambient const enum, not importable as a value).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 }

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS)

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password)
  } catch {
    return false
  }
}

/** A real hash to verify against when the account does not exist, so timing does not tell. */
let decoy: Promise<string> | undefined
export async function verifyDecoy(password: string): Promise<false> {
  decoy ??= hashPassword('decoy-password-for-timing')
  await verifyPassword(await decoy, password)
  return false
}
