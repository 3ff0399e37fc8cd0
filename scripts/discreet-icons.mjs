// Draws the neutral icons of discreet mode (issue 23): a plain notepad, no heart, no brand colour.
// node scripts/discreet-icons.mjs  ->  src/web/public/icons/discreet-{192,512,512-maskable}.png
import sharp from 'sharp';

const svg = (size, padding) => {
  const s = size;
  const p = padding;
  const w = s - 2 * p;
  const line = (y) =>
    `<rect x="${p + w * 0.22}" y="${p + w * y}" width="${w * 0.56}" height="${w * 0.055}" rx="${w * 0.027}" fill="#8a94a6"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}">
  <rect width="${s}" height="${s}" rx="${padding ? 0 : s * 0.22}" fill="#e9edf2"/>
  <rect x="${p + w * 0.14}" y="${p + w * 0.1}" width="${w * 0.72}" height="${w * 0.8}" rx="${w * 0.08}" fill="#ffffff" stroke="#c3cad5" stroke-width="${w * 0.02}"/>
  ${line(0.28)}${line(0.42)}${line(0.56)}
  <rect x="${p + w * 0.22}" y="${p + w * 0.7}" width="${w * 0.34}" height="${w * 0.055}" rx="${w * 0.027}" fill="#8a94a6"/>
</svg>`;
};

const out = 'src/web/public/icons';
await sharp(Buffer.from(svg(192, 0)))
  .png()
  .toFile(`${out}/discreet-192.png`);
await sharp(Buffer.from(svg(512, 0)))
  .png()
  .toFile(`${out}/discreet-512.png`);
await sharp(Buffer.from(svg(512, 64)))
  .png()
  .toFile(`${out}/discreet-512-maskable.png`);
