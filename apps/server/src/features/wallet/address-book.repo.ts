import { and, count, desc, eq, ilike, or } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { containing } from './containing.ts'
import { addressBook } from './wallet.tables.ts'

export type AddressRow = typeof addressBook.$inferSelect

/** A user's address book: named addresses with notes. */
export function addressBookRepo(db: Db) {
  return {
    async listEntries(userId: number, keyword: string | undefined, page: number, limit: number) {
      const where = and(
        eq(addressBook.userId, userId),
        keyword
          ? or(
              ilike(addressBook.name, containing(keyword)),
              ilike(addressBook.address, containing(keyword)),
              ilike(addressBook.notes, containing(keyword)),
            )
          : undefined,
      )
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(addressBook)
          .where(where)
          .orderBy(desc(addressBook.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(addressBook).where(where),
      ])
      return { rows, total: total?.n ?? 0 }
    },

    async insertEntry(row: typeof addressBook.$inferInsert): Promise<AddressRow> {
      const [created] = await db.insert(addressBook).values(row).returning()
      if (!created) throw new Error('address book insert returned nothing')
      return created
    },

    async updateEntry(
      userId: number,
      id: number,
      patch: Pick<AddressRow, 'name' | 'address' | 'notes'>,
    ): Promise<AddressRow | undefined> {
      const [row] = await db
        .update(addressBook)
        .set(patch)
        .where(and(eq(addressBook.userId, userId), eq(addressBook.id, id)))
        .returning()
      return row
    },

    async deleteEntry(userId: number, id: number): Promise<boolean> {
      const deleted = await db
        .delete(addressBook)
        .where(and(eq(addressBook.userId, userId), eq(addressBook.id, id)))
        .returning({ id: addressBook.id })
      return deleted.length === 1
    },
  }
}
