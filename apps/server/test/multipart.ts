import { randomBytes } from 'node:crypto'
import type { Client } from './harness.ts'

export interface FilePart {
  name: string
  type: string
  bytes: Buffer
}

/** A multipart/form-data body as a browser's FormData sends it: text fields, then the file. */
export function multipartBody(fields: Record<string, string>, file?: FilePart) {
  const boundary = `----kinetic${randomBytes(8).toString('hex')}`
  const chunks: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`))
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    )
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` }
}

/** Posts an upload (`/v1/image`, `/v1/file`) as the web app does, with this client's cookies. */
export async function upload(
  client: Client,
  method: string,
  file: FilePart | undefined,
  options: { lang?: string; fields?: Record<string, string>; headers?: Record<string, string | undefined> } = {},
) {
  const { payload, contentType } = multipartBody({ method, lang: options.lang ?? 'us-en', ...options.fields }, file)
  const response = await client.post('/v1/index', payload, {
    'content-type': contentType,
    ...options.headers,
  })
  return { status: response.statusCode, body: response.json() as Record<string, unknown> & { data?: any }, response }
}
