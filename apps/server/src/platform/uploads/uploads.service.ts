import { randomBytes } from 'node:crypto'
import type { account } from '@kinetic/protocol'
import type { FastifyRequest } from 'fastify'
import type { SessionService } from '../auth/sessions.ts'
import type { Db } from '../db/client.ts'
import { AppError } from '../rpc/app-error.ts'
import { reencodeImage, type ImageVariant } from './images.ts'
import { uploadsRepo, type FileMeta, type FileRow } from './uploads.repo.ts'

export type FileKind = ImageVariant
export type { FileMeta }

/**
 * Decides whether `viewerIds` (the accounts signed in on the requesting device) may read an
 * attachment they do not own — e.g. support lets the operator and the other party of a
 * ticket or chat read its images. Rules are added at start-up with `addReadRule`.
 */
export type ReadRule = (file: FileMeta, viewerIds: readonly number[], request: FastifyRequest) => Promise<boolean>

export const fileUrl = (id: string) => `/v1/files/${id}`

/** Attachments one user may upload in 24 hours (they are kept until a later clean-up). */
export const ATTACHMENTS_PER_DAY = 100

function stored(row: Pick<FileRow, 'id' | 'mime' | 'size' | 'width' | 'height'>): account.StoredFile {
  return { id: row.id, url: fileUrl(row.id), mime: row.mime, size: row.size, width: row.width, height: row.height }
}

export function uploadService(deps: { db: Db; sessions: SessionService }) {
  const repo = uploadsRepo(deps.db)
  const rules: ReadRule[] = []

  return {
    /** Re-encodes an uploaded image and stores it for `ownerId`; nothing is stored when it is refused. */
    async storeImage(ownerId: number, kind: FileKind, input: Buffer, db: Db = deps.db): Promise<account.StoredFile> {
      if (kind === 'attachment') {
        const since = new Date(Date.now() - 86_400_000)
        if ((await repo.countOfOwnerSince(ownerId, kind, since)) >= ATTACHMENTS_PER_DAY) {
          throw new AppError('UPLOAD_LIMIT', { field: 'file' })
        }
      }
      const image = await reencodeImage(input, kind)
      const row = {
        id: randomBytes(16).toString('base64url'),
        ownerId,
        kind,
        mime: image.mime,
        size: image.bytes.length,
        width: image.width,
        height: image.height,
        bytes: image.bytes,
      }
      await uploadsRepo(db).insert(row)
      return stored(row)
    },

    /**
     * The attachment `id` if `ownerId` uploaded it — for a ticket or chat message to refer to.
     * Another user's file or a missing one both answer FILE_NOT_FOUND on `field`.
     */
    async ownAttachment(ownerId: number, id: string, field = 'file'): Promise<FileMeta & { url: string }> {
      const file = await repo.findMeta(id)
      if (!file || file.ownerId !== ownerId || file.kind !== 'attachment')
        throw new AppError('FILE_NOT_FOUND', { field })
      return { ...file, url: fileUrl(file.id) }
    },

    /** Lets more viewers read attachments (see {@link ReadRule}). */
    addReadRule(rule: ReadRule): void {
      rules.push(rule)
    },

    /** The file if this request may read it: avatars by anyone, attachments by owner or a rule. */
    async readable(id: string, request: FastifyRequest): Promise<FileRow | undefined> {
      const file = await repo.find(id)
      if (!file) return undefined
      if (file.kind === 'avatar') return file
      const viewers = (await deps.sessions.deviceSessions(request)).map((s) => s.userId)
      if (viewers.includes(file.ownerId)) return file
      for (const rule of rules) if (await rule(file, viewers, request)) return file
      return undefined
    },

    /** Removes a user's avatars but `keep` (replaced, or the account deleted). */
    removeAvatars: (ownerId: number, keep?: string, db: Db = deps.db) =>
      uploadsRepo(db).deleteOfOwner(ownerId, 'avatar', keep),
  }
}
export type UploadService = ReturnType<typeof uploadService>
