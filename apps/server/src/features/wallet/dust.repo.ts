import { sql, type SQL } from 'drizzle-orm'

// Look-alike dust (ADR look-alike-dust): the condition a transfers read adds to hide or mark it.

/** A listed token (lower-case contract) and the amount in base units below which a transfer of it is dust. */
export interface DustLimit {
  contract: string
  below: bigint
}

/** Hex characters after 0x at each end that make two addresses look alike (as wallet-core's `lookAlike`). */
const LOOK_ALIKE_CHARS = 4

/** Whether the transfer `row` (an alias of chain_transfers) moves dust of a listed token. */
function dustOf(row: SQL, dust: DustLimit[]): SQL {
  if (dust.length === 0) return sql`false`
  return sql`(${sql.join(
    dust.map((d) => sql`(${row}.token = ${d.contract} AND ${row}.amount < ${d.below.toString()}::numeric)`),
    sql` OR `,
  )})`
}

/** The other party of the transfer `row` from the point of view of `address`. */
const partyOf = (row: SQL, address: string) =>
  sql`(CASE WHEN ${row}.from_address = ${address} THEN ${row}.to_address ELSE ${row}.from_address END)`

/**
 * Address poisoning (ADR look-alike-dust): dust of a listed token whose other party is not one
 * the wallet has moved real value with, but looks like one of them (same first and last
 * LOOK_ALIKE_CHARS hex characters). Known parties: those of the wallet's transfers of any
 * non-zero value that is not dust.
 */
export function suspicious(address: string, chainId: number, dust: DustLimit[]): SQL {
  const me = sql.raw('chain_transfers')
  const party = partyOf(me, address)
  const k = sql.raw('k')
  const known = sql`SELECT ${partyOf(k, address)} AS party FROM chain_transfers k
    WHERE k.chain_id = ${chainId} AND (k.from_address = ${address} OR k.to_address = ${address})
      AND k.amount > 0 AND NOT ${dustOf(k, dust)}`
  const n = LOOK_ALIKE_CHARS + 2
  return sql`(${dustOf(me, dust)} AND ${party} <> ${address}
    AND NOT EXISTS (SELECT 1 FROM (${known}) kn WHERE kn.party = ${party})
    AND EXISTS (SELECT 1 FROM (${known}) kn WHERE kn.party <> ${address}
      AND left(kn.party, ${n}) = left(${party}, ${n}) AND right(kn.party, ${LOOK_ALIKE_CHARS}) = right(${party}, ${LOOK_ALIKE_CHARS})))`
}
