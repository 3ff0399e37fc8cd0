import sharp, { type Metadata } from 'sharp';
import { RULES } from '../../shared/rules';
import { PHOTO_SIZES, type PhotoSize } from '../modules/photos/photos.presenter';
import { QueueFull, WorkQueue } from './work-queue';

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

/** The image work of this instance is saturated (RULES.photos.processing): the upload may be tried again later. */
export class ImageBusy extends Error {
  constructor() {
    super('image processing is busy');
    this.name = 'ImageBusy';
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
const SIZES = Object.keys(PHOTO_SIZES) as PhotoSize[];
const { maxSidePx, maxPixels, processing } = RULES.photos;

// One libvips thread per image (a process-wide setting of sharp): together with the queue below, the image work of
// an instance never uses more than `processing.concurrent` cores and threads of the libuv pool, which the password
// hashing of logins (argon2) shares.
sharp.concurrency(processing.threadsPerImage);

/** Every decode, resize and encode of an upload runs through this queue (exported for tests). */
export const imageQueue = new WorkQueue(processing.concurrent, processing.maxWaiting);

/**
 * The checks that need only the file's first bytes and header (no pixel is decoded): the type, which the content
 * decides and the decoder must confirm, and the dimensions, at most `maxSidePx` per side and `maxPixels` in all.
 */
async function checkHeader(buffer: Buffer): Promise<{ width: number; height: number }> {
  const declared = sniffImageType(buffer);
  if (!declared) throw new ImageRejected('unsupported_type', 'not a JPEG, PNG or WebP file');
  let meta: Metadata;
  try {
    meta = await sharp(buffer, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejected('corrupt', 'unreadable image');
  }
  if (meta.format !== declared) throw new ImageRejected('unsupported_type', `content is ${meta.format}`);
  const { width, height } = meta.autoOrient;
  if (!width || !height) throw new ImageRejected('corrupt', 'image without dimensions');
  if (width > maxSidePx || height > maxSidePx)
    throw new ImageRejected('too_many_pixels', `${width}x${height}: a side exceeds ${maxSidePx} pixels`);
  if (width * height > maxPixels)
    throw new ImageRejected('too_many_pixels', `${width}x${height} exceeds ${maxPixels} pixels`);
  return { width, height };
}

/**
 * Decodes the image once: the largest size (main) is cut from the original, the smaller sizes are scaled down from
 * it, so every size shows the same crop. One step after the other: an image never holds more than one thread.
 */
async function render(buffer: Buffer): Promise<Record<PhotoSize, Buffer>> {
  // First frame only (of an animation), EXIF orientation applied, transparency flattened onto white.
  // limitInputPixels is a second line behind checkHeader: the decoder itself refuses more pixels.
  const { data, info } = await sharp(buffer, { limitInputPixels: maxPixels, failOn: 'error', pages: 1 })
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize(PHOTO_SIZES.main.width, PHOTO_SIZES.main.height, { fit: 'cover', position: 'attention' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  const sizes = {} as Record<PhotoSize, Buffer>;
  for (const size of SIZES) {
    const { width, height } = PHOTO_SIZES[size];
    sizes[size] = await sharp(data, { raw })
      .resize(width, height, { fit: 'cover' })
      .jpeg(JPEG_OPTIONS)
      .toBuffer();
  }
  return sizes;
}

/**
 * Turns an uploaded file into the stored sizes. The type is decided by the content (the magic bytes and what the
 * decoder finds must agree), never by the name or the declared content type. Every size is re-encoded as a fresh
 * JPEG: no metadata (EXIF, GPS, XMP, comments) and no trailing payload of a polyglot file survive.
 * The header checks come first and cost next to nothing; the decoding waits its turn in `imageQueue` and fails
 * with ImageBusy when the queue is full. The byte limit is checked by the caller (the upload route).
 */
export async function processUpload(buffer: Buffer): Promise<ProcessedImage> {
  const { width, height } = await checkHeader(buffer);
  try {
    const sizes = await imageQueue.run(() => render(buffer));
    return { sizes, width, height };
  } catch (err) {
    if (err instanceof QueueFull) throw new ImageBusy();
    if (err instanceof Error && /pixel limit/i.test(err.message))
      throw new ImageRejected('too_many_pixels', err.message);
    throw new ImageRejected('corrupt', err instanceof Error ? err.message : 'decoding failed');
  }
}
