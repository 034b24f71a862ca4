import { account } from '@kinetic/protocol'
import type { FastifyInstance } from 'fastify'
import { requestLang } from '../rpc/dispatcher.ts'
import { fail } from '../rpc/envelope.ts'
import type { UploadService } from './uploads.service.ts'

const YEAR_S = 365 * 86_400
/** Opened on its own, a file runs nothing and reaches nothing, whatever a browser takes it for. */
const FILE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox"

/**
 * `GET /v1/files/<id>`: the stored bytes with their stored type, never sniffed by the
 * browser, cached for a year (a file never changes; a new upload gets a new id). A missing
 * file and one this device may not read answer the same 404.
 */
export function registerFileRoutes(server: FastifyInstance, uploads: UploadService): void {
  server.get<{ Params: { id: string } }>('/v1/files/:id', async (request, reply) => {
    const { id } = request.params
    const file = account.FILE_ID_RE.test(id) ? await uploads.readable(id, request) : undefined
    if (!file)
      return reply
        .code(404)
        .header('cache-control', 'no-store')
        .send(fail('FILE_NOT_FOUND', requestLang(request)))
    return reply
      .header('content-type', file.mime)
      .header('content-length', file.size)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .header('content-security-policy', FILE_CSP)
      .header('cache-control', `${file.kind === 'avatar' ? 'public' : 'private'}, max-age=${YEAR_S}, immutable`)
      .send(file.bytes)
  })
}
