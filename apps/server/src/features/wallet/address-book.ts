import type { wallet } from '@kinetic/protocol'
import { AppError } from '../../platform/rpc/app-error.ts'
import type { AddressRow } from './address-book.repo.ts'
import { checkedAddress, type WalletContext } from './wallet.context.ts'

export function publicEntry(row: AddressRow): wallet.AddressEntry {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    notes: row.notes,
    created_at: row.createdAt.toISOString(),
  }
}

/**
 * A user's saved recipients. The same address may be saved twice (e.g. under two names):
 * nothing depends on it being unique, and refusing would only get in the way.
 */
export function addressBookService(ctx: WalletContext) {
  const { repos } = ctx
  return {
    async addressList(userId: number, params: { keyword?: string | undefined; page: number; limit: number }) {
      const { rows, total } = await repos.addressBook.listEntries(
        userId,
        params.keyword || undefined,
        params.page,
        params.limit,
      )
      return { list: rows.map(publicEntry), total, page: params.page, limit: params.limit }
    },

    /** Adds an entry, or edits the user's entry `id` (someone else's id is not found, like a missing one). */
    async addressSave(
      userId: number,
      params: { id?: number | undefined; name: string; address: string; notes: string },
    ) {
      const entry = { name: params.name, address: checkedAddress(params.address, 'address'), notes: params.notes }
      if (params.id === undefined) return publicEntry(await repos.addressBook.insertEntry({ userId, ...entry }))
      const row = await repos.addressBook.updateEntry(userId, params.id, entry)
      if (!row) throw new AppError('ADDRESS_ENTRY_NOT_FOUND', { field: 'id' })
      return publicEntry(row)
    },

    async addressDelete(userId: number, id: number) {
      if (!(await repos.addressBook.deleteEntry(userId, id)))
        throw new AppError('ADDRESS_ENTRY_NOT_FOUND', { field: 'id' })
      return { ok: true as const }
    },
  }
}
