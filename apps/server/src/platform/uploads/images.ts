import sharp from 'sharp'
import { AppError } from '../rpc/app-error.ts'

/** Formats accepted, as sharp reads them from the bytes (never from a name or a header). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif'])
/** Decompression-bomb guard: images with more pixels are refused before they are decoded. */
export const MAX_INPUT_PIXELS = 40_000_000
export const AVATAR_PX = 256
export const ATTACHMENT_MAX_PX = 2048
const WEBP_QUALITY = 82

export type ImageVariant = 'avatar' | 'attachment'

export interface EncodedImage {
  bytes: Buffer
  mime: 'image/webp'
  width: number
  height: number
}

const unsupported = () => new AppError('FILE_TYPE_UNSUPPORTED', { field: 'file' })

/**
 * Sniffs an uploaded image from its bytes and re-encodes it as WebP without metadata
 * (EXIF orientation applied first): a 256 px square for an avatar, at most 2048 px on a
 * side for an attachment. Anything else — another format, a corrupt or truncated file,
 * more than {@link MAX_INPUT_PIXELS} pixels — is refused with a field error on `file`.
 */
export async function reencodeImage(input: Buffer, variant: ImageVariant): Promise<EncodedImage> {
  let format: string | undefined
  let pixels = 0
  try {
    // the header only: the pixel count is checked here, before anything is decoded
    const header = await sharp(input, { limitInputPixels: false }).metadata()
    format = header.format
    pixels = (header.width ?? 0) * (header.pageHeight ?? header.height ?? 0)
  } catch {
    throw unsupported()
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw unsupported()
  if (pixels === 0) throw unsupported()
  if (pixels > MAX_INPUT_PIXELS) throw new AppError('IMAGE_TOO_LARGE', { field: 'file' })

  const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false }).rotate()
  const sized =
    variant === 'avatar'
      ? image.resize(AVATAR_PX, AVATAR_PX, { fit: 'cover' })
      : image.resize(ATTACHMENT_MAX_PX, ATTACHMENT_MAX_PX, { fit: 'inside', withoutEnlargement: true })
  try {
    const { data, info } = await sized.webp({ quality: WEBP_QUALITY }).toBuffer({ resolveWithObject: true })
    return { bytes: data, mime: 'image/webp', width: info.width, height: info.height }
  } catch {
    throw unsupported()
  }
}
