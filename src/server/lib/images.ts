import sharp, { type Metadata } from 'sharp';
import { PHOTO_UPLOAD } from '../../shared/schemas/photos';
import { PHOTO_SIZES, type PhotoSize } from '../modules/photos/photos.presenter';

export type ImageRejectReason = 'unsupported_type' | 'too_many_pixels' | 'corrupt';

/** An upload that is not a photo we can use; `reason` tells why. */
export class ImageRejected extends Error {
  constructor(
    public readonly reason: ImageRejectReason,
    message: string = reason,
  ) {
    super(message);
    this.name = 'ImageRejected';
  }
}

export interface ProcessedImage {
  /** JPEG files of every stored size, re-encoded without any metadata */
  sizes: Record<PhotoSize, Buffer>;
  /** size of the original after EXIF orientation */
  width: number;
  height: number;
}

type ImageType = 'jpeg' | 'png' | 'webp';

/** The type a file's first bytes declare; only JPEG, PNG and WebP are accepted. */
export function sniffImageType(buf: Buffer): ImageType | undefined {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (
    buf.length >= 8 &&
    buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (
    buf.length >= 12 &&
    buf.subarray(0, 4).toString('latin1') === 'RIFF' &&
    buf.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return undefined;
}

const JPEG_OPTIONS = { quality: 82, mozjpeg: true } as const;

/**
 * Turns an uploaded file into the stored sizes. The type is decided by the content (the magic bytes and what the
 * decoder finds must agree), never by the name or the declared content type. Every size is decoded and re-encoded
 * as a fresh JPEG: no metadata (EXIF, GPS, XMP, comments) and no trailing payload of a polyglot file survive.
 * The byte limit is checked by the caller (the upload route).
 */
export async function processUpload(buffer: Buffer): Promise<ProcessedImage> {
  const declared = sniffImageType(buffer);
  if (!declared) throw new ImageRejected('unsupported_type', 'not a JPEG, PNG or WebP file');

  // Header only: no pixels are decoded yet.
  let meta: Metadata;
  try {
    meta = await sharp(buffer, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejected('corrupt', 'unreadable image');
  }
  if (meta.format !== declared) throw new ImageRejected('unsupported_type', `content is ${meta.format}`);
  const { width, height } = meta.autoOrient;
  if (!width || !height) throw new ImageRejected('corrupt', 'image without dimensions');
  if (width * height > PHOTO_UPLOAD.maxPixels)
    throw new ImageRejected('too_many_pixels', `${width}x${height} exceeds ${PHOTO_UPLOAD.maxPixels} pixels`);

  // First frame only (of an animation), EXIF orientation applied, transparency flattened onto white; one clone per size.
  const source = sharp(buffer, { limitInputPixels: PHOTO_UPLOAD.maxPixels, failOn: 'error', pages: 1 })
    .rotate()
    .flatten({ background: '#ffffff' });
  try {
    const entries = await Promise.all(
      (Object.keys(PHOTO_SIZES) as PhotoSize[]).map(async (size) => {
        const { width: w, height: h } = PHOTO_SIZES[size];
        const out = await source
          .clone()
          .resize(w, h, { fit: 'cover', position: 'attention' })
          .jpeg(JPEG_OPTIONS)
          .toBuffer();
        return [size, out] as const;
      }),
    );
    return { sizes: Object.fromEntries(entries) as Record<PhotoSize, Buffer>, width, height };
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message))
      throw new ImageRejected('too_many_pixels', err.message);
    throw new ImageRejected('corrupt', err instanceof Error ? err.message : 'decoding failed');
  }
}
