// Draws the app's icons locally (issue 24, point 5): the brand heart on the coral gradient of favicon.svg.
// node scripts/app-icons.mjs  ->  src/web/public/icons/icon-{192,512}.png, icon-{192,512}-maskable.png and the
// shortcut icons shortcut-{chats,likes,search}.png (96 px). Maskable icons keep the heart inside the safe zone
// (the inner 80 %) and fill the whole square, so a launcher may cut any shape out of them.
import sharp from 'sharp';

const GRADIENT = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
  <stop offset="0" stop-color="#ff8a7a"/><stop offset="1" stop-color="#e8505b"/></linearGradient></defs>`;

/** The heart of favicon.svg (drawn in a 64 box), scaled by `k` around the box's centre. */
const heart = (k) =>
  `<g transform="translate(32 33) scale(${k}) translate(-32 -33)">
    <path d="M32 50s-16-9.6-16-21a9 9 0 0 1 16-5.7A9 9 0 0 1 48 29c0 11.4-16 21-16 21z" fill="#fff"/></g>`;

/** `maskable`: full bleed, the heart smaller so it stays inside the safe circle. */
const appIcon = (
  size,
  maskable,
) => `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">
  ${GRADIENT}
  <rect width="64" height="64" rx="${maskable ? 0 : 14}" fill="url(#g)"/>
  ${heart(maskable ? 0.78 : 1)}
</svg>`;

/** Shortcut glyphs, white on the gradient (bubble, heart, magnifier). */
const GLYPHS = {
  chats: `<path d="M16 20h32a4 4 0 0 1 4 4v16a4 4 0 0 1-4 4H30l-9 7v-7h-5a4 4 0 0 1-4-4V24a4 4 0 0 1 4-4z" fill="#fff"/>
    <circle cx="24" cy="32" r="2.6" fill="#e8505b"/><circle cx="32" cy="32" r="2.6" fill="#e8505b"/><circle cx="40" cy="32" r="2.6" fill="#e8505b"/>`,
  likes: heart(0.95),
  search: `<circle cx="28" cy="28" r="11" fill="none" stroke="#fff" stroke-width="5"/>
    <path d="M36 36l11 11" stroke="#fff" stroke-width="6" stroke-linecap="round"/>`,
};

const shortcut = (
  glyph,
) => `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 64 64">
  ${GRADIENT}<rect width="64" height="64" rx="14" fill="url(#g)"/>${glyph}</svg>`;

const out = 'src/web/public/icons';
const png = (svg, file) => sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toFile(`${out}/${file}`);

await png(appIcon(192, false), 'icon-192.png');
await png(appIcon(512, false), 'icon-512.png');
await png(appIcon(192, true), 'icon-192-maskable.png');
await png(appIcon(512, true), 'icon-512-maskable.png');
for (const [name, glyph] of Object.entries(GLYPHS)) await png(shortcut(glyph), `shortcut-${name}.png`);
