import { and, eq, sql } from 'drizzle-orm'
import { chainApprovals } from '../../chain/chain.tables.ts'
import type { Db } from '../../platform/db/client.ts'

/** The owner's Approval logs the indexer kept (chain_approvals). */
export function approvalsRepo(db: Db) {
  return {
    /** Distinct token/spender pairs of the owner's Approval logs (lower-case), most recently approved first. */
    async approvalPairs(chainId: number, owner: string, limit = 200): Promise<{ token: string; spender: string }[]> {
      const a = chainApprovals
      return db
        .select({ token: a.token, spender: a.spender })
        .from(a)
        .where(and(eq(a.chainId, chainId), eq(a.owner, owner)))
        .groupBy(a.token, a.spender)
        .orderBy(sql`max(${a.id}) DESC`)
        .limit(limit)
    },
  }
}
