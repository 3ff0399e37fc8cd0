import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import type { NsfwScores } from '../../../shared/schemas/admin-photos';
import type { PhotoClassifier } from './photo-classifier';

/**
 * A valid PNG header declaring `width` x `height` (with a correct IHDR checksum) over a 1x1 image's data: the
 * header promises a huge image that costs nothing to build, and decoding it would fail.
 */
export async function pngDeclaring(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
      .png()
      .toBuffer(),
  );
  // signature (8) + length (4) + 'IHDR' (4) + width (4) + height (4) + 5 more bytes, then the CRC of type + data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** Scores of an ordinary portrait, and of an explicit image (above every default threshold). */
export const NEUTRAL: NsfwScores = { porn: 0.01, hentai: 0.01, sexy: 0.03, neutral: 0.9, drawing: 0.05 };
export const EXPLICIT: NsfwScores = { porn: 0.86, hentai: 0.04, sexy: 0.08, neutral: 0.01, drawing: 0.01 };

/** A classifier that gives every image the same scores (the queue's tests do not need the model). */
export function fixedClassifier(scores: NsfwScores): PhotoClassifier & { calls: number } {
  const c = {
    calls: 0,
    async classify() {
      c.calls += 1;
      return scores;
    },
  };
  return c;
}

/** A classifier that cannot score (the model did not load). */
export const brokenClassifier: PhotoClassifier = {
  async classify() {
    throw new Error('model unavailable');
  },
};
