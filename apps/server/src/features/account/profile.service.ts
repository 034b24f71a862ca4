import type { account, Params } from '@kinetic/protocol'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/rpc/app-error.ts'
import type { UploadService } from '../../platform/uploads/uploads.service.ts'
import { accountRepo } from './account.repo.ts'
import { publicUser } from './account.service.ts'

/** The profile (`/v1/userinfo`, `/v1/infoedit`) and its avatar, and attachments (`/v1/file`). */
export function profileService(deps: { db: Db; uploads: UploadService }) {
  const { db, uploads } = deps
  const repo = accountRepo(db)

  return {
    async userInfo(userId: number): Promise<account.User> {
      const user = await repo.profile(userId)
      if (!user) throw new AppError('ACCOUNT_NOT_FOUND')
      return publicUser(user)
    },

    async edit(userId: number, params: Params<typeof account.editProfile>): Promise<account.User> {
      const { hr_zone: hrZone, time_zone: timeZone, ...rest } = params
      const user = await repo.updateProfile(userId, {
        ...rest,
        ...(hrZone !== undefined && { hrZone: hrZone === 0 ? null : hrZone }),
        ...(timeZone !== undefined && { timeZone }),
      })
      if (!user) throw new AppError('ACCOUNT_NOT_FOUND')
      return publicUser(user)
    },

    /** Stores a new avatar and makes it the profile's; the previous avatar file is deleted. */
    async setAvatar(userId: number, bytes: Buffer): Promise<account.StoredFile> {
      return db.transaction(async (tx) => {
        const file = await uploads.storeImage(userId, 'avatar', bytes, tx)
        await accountRepo(tx).updateProfile(userId, { avatar: file.url })
        await uploads.removeAvatars(userId, file.id, tx)
        return file
      })
    },

    addAttachment: (userId: number, bytes: Buffer) => uploads.storeImage(userId, 'attachment', bytes),
  }
}
export type ProfileService = ReturnType<typeof profileService>
