import sharp from 'sharp';
import type { PortraitGender } from '../../demo/portrait-svg';
import { renderPortraitSvg } from '../../demo/portrait-svg';

/**
 * Demo portraits as the verification tests use them (made here by the demo portrait generator, never explicit):
 * a profile photo, or a "selfie" of the same face rendered again at another size and light, tilted by `tilt`
 * degrees (positive: clockwise, the person tilting to their left) as a camera would see it.
 */
export async function demoFace(
  seed: number,
  gender: PortraitGender,
  options: { size?: number; tilt?: number; brightness?: number } = {},
): Promise<Buffer> {
  const svg = renderPortraitSvg({ seed, gender, age: 31, size: options.size ?? 600 });
  let image = sharp(Buffer.from(svg)).flatten({ background: '#ffffff' });
  if (options.brightness !== undefined) image = image.modulate({ brightness: options.brightness });
  let jpeg = await image.jpeg({ quality: 85 }).toBuffer();
  if (options.tilt)
    jpeg = await sharp(jpeg).rotate(options.tilt, { background: '#7a7a7a' }).jpeg().toBuffer();
  return jpeg;
}

/** A selfie of demo portrait `seed` answering `challenge` (tilts rotate the render; a smile needs a smiling seed). */
export function selfieTilt(challenge: 'tilt_left' | 'tilt_right' | 'smile'): number {
  return challenge === 'tilt_left' ? 15 : challenge === 'tilt_right' ? -15 : 0;
}
