import { crc32 } from 'node:zlib';
import sharp from 'sharp';

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
