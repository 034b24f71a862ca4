import multipart from '@fastify/multipart'
import { account } from '@kinetic/protocol'
import type { FastifyInstance, FastifyRequest } from 'fastify'

/** What a multipart/form-data call carries: its text fields and at most one file. */
export interface MultipartForm {
  fields: Record<string, string>
  /** The bytes of the `file` part; undefined when none was sent (or it was not read). */
  file: Buffer | undefined
  /** The file was larger than {@link account.UPLOAD_MAX_BYTES}: nothing of it is kept. */
  fileTooLarge: boolean
}

/** Registers the multipart parser in the dispatcher's scope only, with its own limits. */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    // an oversized file is cut off and flagged (`truncated`) rather than failing the whole request
    throwFileSizeLimit: false,
    limits: {
      fileSize: account.UPLOAD_MAX_BYTES,
      files: 1,
      fields: 20,
      fieldSize: 4096,
      fieldNameSize: 64,
      parts: 21,
      headerPairs: 20,
    },
  })
}

/**
 * Reads a multipart body. The `file` part is kept only when `keepFile` (the device has a
 * session, so unauthenticated requests never make the server buffer a file); other file
 * parts are drained and ignored.
 */
export async function readMultipart(request: FastifyRequest, keepFile: boolean): Promise<MultipartForm> {
  const form: MultipartForm = { fields: {}, file: undefined, fileTooLarge: false }
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') form.fields[part.fieldname] = part.value
      } else if (part.fieldname === 'file' && keepFile && !form.fileTooLarge) {
        const bytes = await part.toBuffer()
        if (part.file.truncated) form.fileTooLarge = true
        else form.file = bytes
      } else {
        part.file.resume()
      }
    }
  } catch (error) {
    // the plugin's own errors carry a 4xx status; a body the parser cannot read is a 400
    const status = (error as { statusCode?: number }).statusCode
    if (status !== undefined && status >= 400 && status < 500) throw error
    throw Object.assign(new Error('unreadable multipart body', { cause: error }), { statusCode: 400 })
  }
  return form
}
