import sharp from 'sharp';

/** A plain, tasteful test portrait (a face-coloured circle on a warm background) as a JPEG, for upload journeys. */
export async function portraitJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 1200, channels: 3, background: '#d98a7c' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="900" height="1200"><circle cx="450" cy="500" r="260" fill="#f2c9a8"/></svg>',
        ),
      },
    ])
    .jpeg()
    .toBuffer();
}
