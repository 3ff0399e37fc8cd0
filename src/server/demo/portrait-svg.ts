/**
 * Deterministic, self-contained SVG portrait generator for demo profiles.
 *
 * Produces a flat-illustration head-and-shoulders avatar (always fully clothed) from a numeric seed.
 * Only plain SVG features that librsvg (sharp) renders are used: paths, circles, ellipses, rects,
 * linear/radial gradients, clip paths, groups, transforms and opacity. No text, fonts, filters or
 * external references.
 */

import { seededRandom } from '../lib/seeded-random';

export type PortraitGender = 'male' | 'female';

export interface PortraitOptions {
  seed: number;
  gender: PortraitGender;
  age: number;
  /** Output width/height in pixels; the viewBox is always 0 0 600 600. Default 600. */
  size?: number;
  /** Optional hints so the picture can match a profile; chosen from the seed when absent. */
  hairColor?: 'black' | 'brown' | 'blonde' | 'red' | 'grey' | 'other';
  eyeColor?: 'brown' | 'blue' | 'green' | 'grey' | 'hazel';
  bodyType?: 'slim' | 'athletic' | 'average' | 'curvy' | 'large';
}

export type BackgroundKind = 'gradient' | 'sunset' | 'wall' | 'plants' | 'bokeh' | 'sky' | 'studio';
export type HairStyle =
  | 'crop'
  | 'sidepart'
  | 'quiff'
  | 'buzz'
  | 'bald'
  | 'receding'
  | 'curlyShort'
  | 'afro'
  | 'manbun'
  | 'shoulder'
  | 'long'
  | 'wavy'
  | 'bob'
  | 'ponytail'
  | 'bun'
  | 'pixie'
  | 'curlyLong'
  | 'fringe';
export type BeardStyle = 'none' | 'stubble' | 'short' | 'full' | 'mustache' | 'goatee';
export type ClothingKind =
  | 'tee'
  | 'vneck'
  | 'shirt'
  | 'sweater'
  | 'blazer'
  | 'turtleneck'
  | 'hoodie'
  | 'blouse';

export interface PortraitTraits {
  background: BackgroundKind;
  skin: string;
  hairStyle: HairStyle;
  hairColor: string;
  hairColorName: 'black' | 'brown' | 'blonde' | 'red' | 'grey' | 'other';
  eyes: 'open' | 'smile';
  irisColor: string;
  irisColorName: 'brown' | 'blue' | 'green' | 'grey' | 'hazel';
  beard: BeardStyle;
  glasses: boolean;
  earrings: boolean;
  clothing: ClothingKind;
  clothingColor: string;
  scarf: boolean;
}

/** Colours used by the generator, exported so other demo code can stay visually consistent. */
export const portraitPalette = {
  skin: [
    '#fbe6d8',
    '#f6dac6',
    '#f1cdb4',
    '#e9bf9f',
    '#deaa85',
    '#d29a73',
    '#c38860',
    '#ad744c',
    '#966141',
    '#7e4f34',
    '#68402a',
    '#553322',
    '#43291c',
  ],
  hair: {
    black: ['#1c1a19', '#2a211c'],
    brown: ['#3d2a1f', '#5a3d29', '#7a5436', '#93683f'],
    blonde: ['#c9a063', '#dcbb7d', '#e8d3a2'],
    red: ['#8e3b1f', '#b4562d', '#a8482a'],
    grey: ['#8f8c89', '#b3b0ac', '#d9d6d2', '#6f6b67'],
    other: ['#5e2a36', '#4b3a4f'],
  },
  iris: {
    brown: ['#5b3a21', '#3f2716'],
    hazel: ['#7b6331'],
    green: ['#4d7a4b', '#5e8a5a'],
    blue: ['#3f6fa8', '#5a86b8'],
    grey: ['#6d7b86'],
  },
  clothing: [
    '#2f3e5c',
    '#2a7f7a',
    '#d8a93b',
    '#c8643b',
    '#8fae8b',
    '#7d2e3f',
    '#efe6d2',
    '#3b3f46',
    '#7fb3d5',
    '#f08a6c',
    '#a99ad6',
    '#2f5d46',
    '#b98a5a',
    '#f4f4f2',
    '#4f6f94',
    '#d98a9a',
    '#6b7a3a',
    '#6a3f6e',
    '#d4543d',
    '#9aa0a6',
  ],
} as const;

// ---------------------------------------------------------------------------------------------
// Random numbers
// ---------------------------------------------------------------------------------------------

class Rng {
  private readonly next: () => number;
  constructor(seed: number) {
    // Scramble the seed so that consecutive integers give unrelated streams.
    let s = Math.imul((seed | 0) ^ 0x9e3779b9, 0x85ebca6b);
    s ^= s >>> 13;
    s = Math.imul(s, 0xc2b2ae35);
    s ^= s >>> 16;
    this.next = seededRandom(s);
  }
  float(): number {
    return this.next();
  }
  range(a: number, b: number): number {
    return a + (b - a) * this.next();
  }
  int(a: number, b: number): number {
    return Math.floor(this.range(a, b + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * total;
    for (const [item, w] of items) {
      r -= w;
      if (r < 0) return item;
    }
    return (items[items.length - 1] as readonly [T, number])[0];
  }
}

// ---------------------------------------------------------------------------------------------
// Colour helpers
// ---------------------------------------------------------------------------------------------

function hexToRgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  return [
    Number.parseInt(h.slice(0, 2), 16),
    Number.parseInt(h.slice(2, 4), 16),
    Number.parseInt(h.slice(4, 6), 16),
  ];
}

function rgbToHex(r: number, g: number, b: number): string {
  const c = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}

function mix(a: string, b: string, t: number): string {
  const [r1, g1, b1] = hexToRgb(a);
  const [r2, g2, b2] = hexToRgb(b);
  return rgbToHex(r1 + (r2 - r1) * t, g1 + (g2 - g1) * t, b1 + (b2 - b1) * t);
}

const darken = (c: string, t: number) => mix(c, '#000000', t);
const lighten = (c: string, t: number) => mix(c, '#ffffff', t);

function luminance(c: string): number {
  const [r, g, b] = hexToRgb(c);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

/** Rounds to one decimal for compact, stable output. */
function n(v: number): string {
  return (Math.round(v * 10) / 10).toString();
}

// ---------------------------------------------------------------------------------------------
// Geometry
// ---------------------------------------------------------------------------------------------

const CX = 300;

interface Geo {
  /** Half width of the face at the cheeks. */
  W: number;
  /** Height from the eye line to the top of the skull. */
  H: number;
  eyeY: number;
  chinY: number;
  jawDrop: number;
  jawW: number;
  /** Half width of the neck. */
  nw: number;
  eyeDx: number;
  mouthY: number;
  /** Half width of the mouth. */
  mw: number;
  /** Neckline base (top of the shoulders at the neck). */
  base: number;
  /** Half width of the shoulders. */
  sx: number;
}

function facePath(g: Geo): string {
  const { W, H, eyeY: e, chinY: c, jawDrop, jawW } = g;
  return [
    `M ${n(CX - W)} ${n(e)}`,
    `A ${n(W)} ${n(H)} 0 0 1 ${n(CX + W)} ${n(e)}`,
    `C ${n(CX + W)} ${n(e + jawDrop)} ${n(CX + jawW)} ${n(c - 3)} ${n(CX)} ${n(c)}`,
    `C ${n(CX - jawW)} ${n(c - 3)} ${n(CX - W)} ${n(e + jawDrop)} ${n(CX - W)} ${n(e)}`,
    'Z',
  ].join(' ');
}

/** Mirrors a fragment around the vertical centre line. */
function mirrored(content: string, flip: boolean): string {
  return flip ? `<g transform="matrix(-1 0 0 1 600 0)">${content}</g>` : content;
}

// ---------------------------------------------------------------------------------------------
// Backgrounds
// ---------------------------------------------------------------------------------------------

interface Part {
  defs: string;
  body: string;
}

function leaf(x: number, y: number, len: number, w: number, angle: number, fill: string): string {
  return (
    `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)})">` +
    `<path d="M0 0 Q ${n(w)} ${n(-len / 2)} 0 ${n(-len)} Q ${n(-w)} ${n(-len / 2)} 0 0 Z" fill="${fill}"/>` +
    `<path d="M0 0 L 0 ${n(-len * 0.85)}" stroke="${lighten(fill, 0.25)}" stroke-width="2" opacity="0.5" fill="none"/>` +
    '</g>'
  );
}

function background(rng: Rng, kind: BackgroundKind, id: string): Part {
  switch (kind) {
    case 'gradient': {
      const [a, b] = rng.pick([
        ['#f6d5c8', '#f3ece2'],
        ['#cfe3f0', '#eef4f8'],
        ['#d9e8d2', '#f4f1e6'],
        ['#e6dcf2', '#f7f0f6'],
        ['#f9e3b8', '#fbefe0'],
        ['#cde5e0', '#f0ece2'],
        ['#f2cbd3', '#fde8e4'],
        ['#d6dcf5', '#f1ecf8'],
      ] as const);
      const blobs: string[] = [];
      for (let i = 0; i < 3; i++) {
        const x = rng.pick([rng.range(20, 150), rng.range(450, 580)]);
        blobs.push(
          `<circle cx="${n(x)}" cy="${n(rng.range(40, 520))}" r="${n(rng.range(50, 110))}" fill="${darken(a, 0.06)}" opacity="0.35"/>`,
        );
      }
      return {
        defs: `<linearGradient id="${id}bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>`,
        body:
          `<rect width="600" height="600" fill="url(#${id}bg)"/>${blobs.join('')}` +
          `<circle cx="300" cy="270" r="235" fill="#ffffff" opacity="0.22"/>`,
      };
    }
    case 'sunset': {
      const [top, mid, low] = rng.pick([
        ['#7f6fa8', '#e99aa8', '#fbd3b0'],
        ['#b46a9c', '#f7977a', '#ffcf9a'],
        ['#5f5c9a', '#e0607e', '#ffe0a6'],
        ['#6a7fb5', '#f2a6a0', '#ffe6b8'],
      ] as const);
      const sunX = rng.pick([120, 140, 460, 480]);
      const sunR = rng.range(55, 80);
      const sea = darken(top, 0.25);
      let refl = '';
      for (let i = 0; i < 4; i++) {
        const w = sunR * (1.3 - i * 0.25);
        refl += `<rect x="${n(sunX - w / 2)}" y="${n(428 + i * 16)}" width="${n(w)}" height="5" rx="2.5" fill="#ffe9c2" opacity="${n(0.6 - i * 0.1)}"/>`;
      }
      return {
        defs:
          `<linearGradient id="${id}bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="0.55" stop-color="${mid}"/><stop offset="1" stop-color="${low}"/></linearGradient>` +
          `<linearGradient id="${id}sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(sea, mid, 0.35)}"/><stop offset="1" stop-color="${sea}"/></linearGradient>`,
        body:
          `<rect width="600" height="600" fill="url(#${id}bg)"/>` +
          `<circle cx="${sunX}" cy="405" r="${n(sunR)}" fill="#fff1c9" opacity="0.95"/>` +
          `<rect y="410" width="600" height="190" fill="url(#${id}sea)"/>${refl}`,
      };
    }
    case 'wall': {
      const [wall, panel] = rng.pick([
        ['#e9e1d3', '#c9b79c'],
        ['#dfe7e4', '#9fb8b0'],
        ['#f1e4de', '#c98f7f'],
        ['#e4e2ef', '#8e8bb5'],
        ['#f4ecd8', '#6f8f7a'],
        ['#e3ecf3', '#6f8fae'],
      ] as const);
      const fx = rng.pick([28, 448]);
      const fy = rng.range(60, 110);
      const art = rng.pick(['#e8a87c', '#85cdca', '#d8b4e2', '#f6d365', '#9bc59d']);
      return {
        defs: '',
        body:
          `<rect width="600" height="600" fill="${wall}"/>` +
          `<rect y="385" width="600" height="215" fill="${panel}"/>` +
          `<rect y="378" width="600" height="10" fill="#ffffff" opacity="0.55"/>` +
          `<rect x="${fx}" y="${n(fy)}" width="124" height="156" fill="#fbfaf7" stroke="${darken(panel, 0.3)}" stroke-width="6"/>` +
          `<rect x="${fx + 14}" y="${n(fy + 14)}" width="96" height="128" fill="${lighten(art, 0.55)}"/>` +
          `<circle cx="${fx + 80}" cy="${n(fy + 55)}" r="18" fill="${art}"/>` +
          `<path d="M ${fx + 14} ${n(fy + 142)} L ${fx + 14} ${n(fy + 110)} Q ${fx + 50} ${n(fy + 70)} ${fx + 110} ${n(fy + 120)} L ${fx + 110} ${n(fy + 142)} Z" fill="${darken(art, 0.15)}"/>`,
      };
    }
    case 'plants': {
      const [a, b] = rng.pick([
        ['#eef3e6', '#dbe7d2'],
        ['#f6efe4', '#e6dccb'],
        ['#eaf2f1', '#d3e4e1'],
      ] as const);
      const greens = ['#5f8f5a', '#4f7d4c', '#7fa86f', '#3f6b45', '#8cb383'];
      let leaves = '';
      const side = rng.chance(0.5) ? -1 : 1;
      // a tall potted plant on one side
      const px = side < 0 ? rng.range(60, 90) : rng.range(510, 540);
      const pot = rng.pick(['#c8643b', '#e9e4da', '#3b3f46', '#b98a5a']);
      for (let i = 0; i < 11; i++) {
        const ang = rng.range(-55, 55) + side * 8;
        const stemLen = rng.range(60, 190);
        const rad = (ang * Math.PI) / 180;
        const tx = px + Math.sin(rad) * stemLen * 0.6;
        const ty = 470 - Math.cos(rad) * stemLen;
        leaves += `<path d="M ${n(px)} 480 Q ${n(px + (tx - px) * 0.3)} ${n(ty + 40)} ${n(tx)} ${n(ty)}" stroke="#4f7d4c" stroke-width="3" fill="none"/>`;
        leaves += leaf(
          tx,
          ty + 10,
          rng.range(70, 120),
          rng.range(22, 34),
          ang + rng.range(-20, 20),
          rng.pick(greens),
        );
      }
      leaves += `<path d="M ${n(px - 55)} 470 L ${n(px + 55)} 470 L ${n(px + 42)} 600 L ${n(px - 42)} 600 Z" fill="${pot}"/><rect x="${n(px - 60)}" y="462" width="120" height="18" rx="4" fill="${darken(pot, 0.12)}"/>`;
      // a hanging plant in the opposite upper corner
      const hx = side < 0 ? rng.range(470, 540) : rng.range(60, 130);
      let hang = `<path d="M ${n(hx)} 0 L ${n(hx)} 40" stroke="#8a7a66" stroke-width="2"/><path d="M ${n(hx - 34)} 40 L ${n(hx + 34)} 40 Q ${n(hx + 30)} 80 ${n(hx)} 82 Q ${n(hx - 30)} 80 ${n(hx - 34)} 40 Z" fill="${rng.pick(['#e9e4da', '#c8643b', '#d8a93b'])}"/>`;
      for (let i = 0; i < 7; i++) {
        hang += leaf(
          hx + rng.range(-34, 34),
          rng.range(55, 75),
          rng.range(60, 120),
          rng.range(12, 18),
          180 + rng.range(-40, 40),
          rng.pick(greens),
        );
      }
      return {
        defs: `<linearGradient id="${id}bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>`,
        body: `<rect width="600" height="600" fill="url(#${id}bg)"/>${hang}${leaves}`,
      };
    }
    case 'bokeh': {
      const [a, b] = rng.pick([
        ['#1f2747', '#3b2d55'],
        ['#13293d', '#2b4162'],
        ['#2d1e3e', '#5a2d4f'],
        ['#1d2b2a', '#2f4a48'],
      ] as const);
      const lights = ['#ffd27f', '#ff9fb2', '#8fd3ff', '#ffe9b0', '#c9a0ff', '#9ff0d0'];
      let dots = '';
      for (let i = 0; i < 26; i++) {
        dots += `<circle cx="${n(rng.range(0, 600))}" cy="${n(rng.range(0, 460))}" r="${n(rng.range(10, 48))}" fill="${rng.pick(lights)}" opacity="${n(rng.range(0.15, 0.45))}"/>`;
      }
      return {
        defs: `<linearGradient id="${id}bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>`,
        body: `<rect width="600" height="600" fill="url(#${id}bg)"/>${dots}`,
      };
    }
    case 'sky': {
      const hill = rng.pick(['#9cc58f', '#86b884', '#b5cf8a']);
      let clouds = '';
      for (let i = 0; i < 3; i++) {
        const x = rng.pick([rng.range(40, 150), rng.range(450, 560)]);
        const y = rng.range(60, 260);
        const s = rng.range(0.7, 1.2);
        clouds +=
          `<g transform="translate(${n(x)} ${n(y)}) scale(${n(s)})" fill="#ffffff" opacity="0.9">` +
          '<ellipse cx="0" cy="0" rx="48" ry="20"/><circle cx="-16" cy="-12" r="20"/><circle cx="14" cy="-18" r="24"/></g>';
      }
      return {
        defs: `<linearGradient id="${id}bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7fbce0"/><stop offset="1" stop-color="#e7f4fb"/></linearGradient>`,
        body:
          `<rect width="600" height="600" fill="url(#${id}bg)"/>${clouds}` +
          `<path d="M0 440 Q 150 390 300 430 T 600 420 L 600 600 L 0 600 Z" fill="${hill}"/>` +
          `<path d="M0 480 Q 180 440 360 475 T 600 470 L 600 600 L 0 600 Z" fill="${darken(hill, 0.12)}"/>`,
      };
    }
    default: {
      const [a, b] = rng.pick([
        ['#f4f1ec', '#cfc6bb'],
        ['#eef2f7', '#b8c4d4'],
        ['#f6ecef', '#d4b5bf'],
        ['#eef5f1', '#b3cbbf'],
        ['#f7f0e1', '#d8c39c'],
      ] as const);
      return {
        defs: `<radialGradient id="${id}bg" cx="0.5" cy="0.42" r="0.75"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></radialGradient>`,
        body: `<rect width="600" height="600" fill="url(#${id}bg)"/>`,
      };
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Clothing
// ---------------------------------------------------------------------------------------------

interface ClothingParts {
  /** Drawn before the neck (e.g. the back of a hood). */
  behind: string;
  front: string;
  defs: string;
}

function torsoPath(g: Geo, neckline: string): string {
  const { nw, base: b, sx } = g;
  return [
    `M ${n(CX - sx - 8)} 600`,
    `L ${n(CX - sx)} 505`,
    `C ${n(CX - sx + 8)} 468 ${n(CX - 150)} 452 ${n(CX - nw - 52)} 440`,
    `C ${n(CX - nw - 26)} 433 ${n(CX - nw - 10)} ${n(b + 6)} ${n(CX - nw - 4)} ${n(b)}`,
    neckline,
    `C ${n(CX + nw + 10)} ${n(b + 6)} ${n(CX + nw + 26)} 433 ${n(CX + nw + 52)} 440`,
    `C ${n(CX + 150)} 452 ${n(CX + sx - 8)} 468 ${n(CX + sx)} 505`,
    `L ${n(CX + sx + 8)} 600 Z`,
  ].join(' ');
}

function crewNeckline(g: Geo, depth = 38): string {
  return `Q ${CX} ${n(g.base + depth)} ${n(CX + g.nw + 4)} ${n(g.base)}`;
}

function armLines(g: Geo, color: string): string {
  const { sx } = g;
  return (
    `<path d="M ${n(CX - sx + 38)} 492 Q ${n(CX - sx + 46)} 545 ${n(CX - sx + 44)} 600" stroke="${color}" stroke-width="3" fill="none" opacity="0.35" stroke-linecap="round"/>` +
    `<path d="M ${n(CX + sx - 38)} 492 Q ${n(CX + sx - 46)} 545 ${n(CX + sx - 44)} 600" stroke="${color}" stroke-width="3" fill="none" opacity="0.35" stroke-linecap="round"/>`
  );
}

function shirtCollar(g: Geo, color: string, line: string): string {
  const { nw, base: b } = g;
  const left = `M ${n(CX - nw - 3)} ${n(b - 12)} L ${n(CX - 2)} ${n(b + 46)} L ${n(CX - 30)} ${n(b + 66)} L ${n(CX - nw - 18)} ${n(b + 4)} Z`;
  const right = `M ${n(CX + nw + 3)} ${n(b - 12)} L ${n(CX + 2)} ${n(b + 46)} L ${n(CX + 30)} ${n(b + 66)} L ${n(CX + nw + 18)} ${n(b + 4)} Z`;
  return `<path d="${left}" fill="${color}" stroke="${line}" stroke-width="2" stroke-linejoin="round"/><path d="${right}" fill="${color}" stroke="${line}" stroke-width="2" stroke-linejoin="round"/>`;
}

function clothing(
  rng: Rng,
  kind: ClothingKind,
  color: string,
  accent: string,
  g: Geo,
  id: string,
): ClothingParts {
  const { nw, base: b } = g;
  const shade = darken(color, luminance(color) > 0.8 ? 0.14 : 0.22);
  const fold = darken(color, 0.35);
  const out: ClothingParts = { behind: '', front: '', defs: '' };
  const shadowUnderHead = `<ellipse cx="${CX}" cy="${n(b + 14)}" rx="${n(nw + 30)}" ry="14" fill="#000000" opacity="0.07"/>`;

  switch (kind) {
    case 'tee':
    case 'vneck': {
      const neckline = kind === 'tee' ? crewNeckline(g) : `L ${CX} ${n(b + 44)} L ${n(CX + nw + 4)} ${n(b)}`;
      const band =
        kind === 'tee'
          ? `<path d="M ${n(CX - nw - 5)} ${n(b + 2)} Q ${CX} ${n(b + 42)} ${n(CX + nw + 5)} ${n(b + 2)}" stroke="${shade}" stroke-width="7" fill="none" stroke-linecap="round"/>`
          : `<path d="M ${n(CX - nw - 5)} ${n(b + 2)} L ${CX} ${n(b + 48)} L ${n(CX + nw + 5)} ${n(b + 2)}" stroke="${shade}" stroke-width="6" fill="none" stroke-linejoin="round" stroke-linecap="round"/>`;
      out.front = `<path d="${torsoPath(g, neckline)}" fill="${color}"/>${shadowUnderHead}${band}${armLines(g, fold)}`;
      break;
    }
    case 'shirt': {
      const neckline = `L ${CX} ${n(b + 50)} L ${n(CX + nw + 4)} ${n(b)}`;
      const collarColor = rng.chance(0.3) ? '#f6f4ef' : lighten(color, 0.06);
      let buttons = '';
      for (const y of [b + 82, b + 132, b + 182]) {
        buttons += `<circle cx="${CX}" cy="${n(y)}" r="3.5" fill="${lighten(color, 0.35)}" stroke="${shade}" stroke-width="1"/>`;
      }
      let pattern = '';
      if (rng.chance(0.35)) {
        // subtle check / stripe pattern clipped to the shirt
        const lines: string[] = [];
        for (let x = 20; x < 600; x += 22) lines.push(`M ${x} 380 L ${x} 600`);
        out.defs += `<clipPath id="${id}shirt"><path d="${torsoPath(g, neckline)}"/></clipPath>`;
        pattern = `<g clip-path="url(#${id}shirt)"><path d="${lines.join(' ')}" stroke="${shade}" stroke-width="3" opacity="0.35"/></g>`;
      }
      out.front =
        `<path d="${torsoPath(g, neckline)}" fill="${color}"/>${pattern}${shadowUnderHead}` +
        `<path d="M ${CX} ${n(b + 50)} L ${CX} 600" stroke="${shade}" stroke-width="2.5"/>${buttons}` +
        shirtCollar(g, collarColor, shade) +
        armLines(g, fold);
      break;
    }
    case 'sweater': {
      const neckline = crewNeckline(g, 34);
      let pattern = '';
      if (rng.chance(0.5)) {
        out.defs += `<clipPath id="${id}sw"><path d="${torsoPath(g, neckline)}"/></clipPath>`;
        const y0 = rng.range(500, 530);
        pattern =
          `<g clip-path="url(#${id}sw)"><rect y="${n(y0)}" width="600" height="16" fill="${accent}"/>` +
          `<rect y="${n(y0 + 26)}" width="600" height="8" fill="${lighten(accent, 0.4)}"/><rect y="${n(y0 + 44)}" width="600" height="16" fill="${accent}"/></g>`;
      }
      let ribs = '';
      for (let i = -3; i <= 3; i++) {
        const x = CX + i * ((nw + 4) / 3.2);
        const y = b + 34 / 2 - Math.abs(i) * 2.5;
        ribs += `M ${n(x)} ${n(y - 1)} L ${n(x)} ${n(y + 9)} `;
      }
      out.front =
        `<path d="${torsoPath(g, neckline)}" fill="${color}"/>${pattern}${shadowUnderHead}` +
        `<path d="M ${n(CX - nw - 6)} ${n(b + 3)} Q ${CX} ${n(b + 42)} ${n(CX + nw + 6)} ${n(b + 3)}" stroke="${shade}" stroke-width="12" fill="none" stroke-linecap="round"/>` +
        `<path d="${ribs}" stroke="${fold}" stroke-width="1.5" opacity="0.35"/>` +
        armLines(g, fold);
      break;
    }
    case 'turtleneck': {
      const top = g.chinY + 26;
      let ribs = '';
      for (let i = -4; i <= 4; i++) {
        const x = CX + i * ((nw + 4) / 4.5);
        ribs += `M ${n(x)} ${n(top + 8)} L ${n(x)} ${n(b + 10)} `;
      }
      out.front =
        `<path d="${torsoPath(g, crewNeckline(g))}" fill="${color}"/>${shadowUnderHead}` +
        `<path d="M ${n(CX - nw - 6)} ${n(top + 4)} Q ${CX} ${n(top - 4)} ${n(CX + nw + 6)} ${n(top + 4)} L ${n(CX + nw + 10)} ${n(b + 14)} Q ${CX} ${n(b + 30)} ${n(CX - nw - 10)} ${n(b + 14)} Z" fill="${color}"/>` +
        `<path d="M ${n(CX - nw - 7)} ${n(top + 14)} Q ${CX} ${n(top + 6)} ${n(CX + nw + 7)} ${n(top + 14)}" stroke="${shade}" stroke-width="3" fill="none"/>` +
        `<path d="${ribs}" stroke="${fold}" stroke-width="1.6" opacity="0.3"/>` +
        armLines(g, fold);
      break;
    }
    case 'hoodie': {
      out.behind = `<ellipse cx="${CX}" cy="${n(b - 4)}" rx="${n(nw + 46)}" ry="24" fill="${shade}"/>`;
      out.front =
        `<path d="${torsoPath(g, crewNeckline(g))}" fill="${color}"/>${shadowUnderHead}` +
        `<path d="M ${n(CX - nw - 10)} ${n(b + 2)} Q ${CX} ${n(b + 50)} ${n(CX + nw + 10)} ${n(b + 2)}" stroke="${shade}" stroke-width="14" fill="none" stroke-linecap="round"/>` +
        `<path d="M ${CX - 16} ${n(b + 30)} Q ${CX - 18} ${n(b + 80)} ${CX - 14} ${n(b + 118)} M ${CX + 16} ${n(b + 30)} Q ${CX + 18} ${n(b + 80)} ${CX + 14} ${n(b + 118)}" stroke="${lighten(color, 0.55)}" stroke-width="3.5" fill="none" stroke-linecap="round"/>` +
        `<rect x="${CX - 17}" y="${n(b + 116)}" width="6" height="12" rx="2" fill="${lighten(color, 0.55)}"/><rect x="${CX + 11}" y="${n(b + 116)}" width="6" height="12" rx="2" fill="${lighten(color, 0.55)}"/>` +
        `<path d="M ${n(CX - 110)} 600 Q ${CX} 570 ${n(CX + 110)} 600" stroke="${shade}" stroke-width="3" fill="none" opacity="0.5"/>` +
        armLines(g, fold);
      break;
    }
    case 'blouse': {
      const collar = rng.chance(0.5) ? '#f7f3ec' : lighten(color, 0.2);
      const left = `M ${n(CX - nw - 5)} ${n(b)} Q ${n(CX - nw * 0.5)} ${n(b + 17)} ${CX} ${n(b + 19)} C ${CX - 2} ${n(b + 44)} ${n(CX - nw - 18)} ${n(b + 50)} ${n(CX - nw - 22)} ${n(b + 16)} Q ${n(CX - nw - 18)} ${n(b + 4)} ${n(CX - nw - 5)} ${n(b)} Z`;
      const right = `M ${n(CX + nw + 5)} ${n(b)} Q ${n(CX + nw * 0.5)} ${n(b + 17)} ${CX} ${n(b + 19)} C ${CX + 2} ${n(b + 44)} ${n(CX + nw + 18)} ${n(b + 50)} ${n(CX + nw + 22)} ${n(b + 16)} Q ${n(CX + nw + 18)} ${n(b + 4)} ${n(CX + nw + 5)} ${n(b)} Z`;
      out.front =
        `<path d="${torsoPath(g, crewNeckline(g))}" fill="${color}"/>${shadowUnderHead}` +
        `<path d="${left}" fill="${collar}" stroke="${shade}" stroke-width="1.5"/><path d="${right}" fill="${collar}" stroke="${shade}" stroke-width="1.5"/>` +
        `<circle cx="${CX}" cy="${n(b + 62)}" r="3" fill="${collar}"/><circle cx="${CX}" cy="${n(b + 100)}" r="3" fill="${collar}"/>` +
        armLines(g, fold);
      break;
    }
    case 'blazer': {
      // inner layer: tee or shirt
      const innerShirt = rng.chance(0.5);
      const inner = innerShirt ? '#f6f4ef' : accent;
      const innerShade = darken(inner, 0.15);
      const innerNeck = innerShirt ? `L ${CX} ${n(b + 44)} L ${n(CX + nw + 4)} ${n(b)}` : crewNeckline(g);
      let f = `<path d="${torsoPath(g, innerNeck)}" fill="${inner}"/>${shadowUnderHead}`;
      if (!innerShirt) {
        f += `<path d="M ${n(CX - nw - 5)} ${n(b + 2)} Q ${CX} ${n(b + 42)} ${n(CX + nw + 5)} ${n(b + 2)}" stroke="${innerShade}" stroke-width="6" fill="none" stroke-linecap="round"/>`;
      }
      const { sx } = g;
      const e0x = CX - nw - 6;
      const e1x = CX - 44;
      const panelL = [
        `M ${n(CX - sx - 8)} 600 L ${n(CX - sx)} 505`,
        `C ${n(CX - sx + 8)} 468 ${n(CX - 150)} 452 ${n(CX - nw - 52)} 440`,
        `C ${n(CX - nw - 28)} 432 ${n(CX - nw - 14)} ${n(b + 2)} ${n(e0x)} ${n(b - 4)}`,
        `L ${n(e1x)} 600 Z`,
      ].join(' ');
      const lapelL = `M ${n(e0x)} ${n(b - 4)} L ${n(CX - nw - 32)} ${n(b + 48)} L ${n(CX - nw - 20)} ${n(b + 58)} L ${n(CX - 46)} 548 L ${n(e1x + 1)} 560 Z`;
      const mirror = (d: string) => `<g transform="matrix(-1 0 0 1 600 0)">${d}</g>`;
      const panel = `<path d="${panelL}" fill="${color}"/><path d="${lapelL}" fill="${shade}" stroke="${fold}" stroke-width="1.5" stroke-linejoin="round"/>`;
      f += innerShirt ? shirtCollar(g, inner, innerShade) : '';
      f += panel + mirror(panel);
      f += `<circle cx="${n(CX - 44)}" cy="582" r="4" fill="${fold}"/>`;
      f += armLines(g, fold);
      out.front = f;
      break;
    }
  }
  return out;
}

function scarf(rng: Rng, g: Geo, color: string): string {
  const { nw, base: b } = g;
  const shade = darken(color, 0.2);
  const stripe = rng.chance(0.5) ? lighten(color, 0.45) : darken(color, 0.35);
  const side = rng.chance(0.5) ? 1 : -1;
  const end = `M ${CX + side * 2} ${n(b + 14)} L ${CX + side * 44} ${n(b + 18)} L ${CX + side * 56} ${n(b + 150)} L ${CX + side * 14} ${n(b + 156)} Z`;
  const fringe: string[] = [];
  for (let i = 0; i < 6; i++) {
    const t = i / 5;
    const x = CX + side * (14 + 42 * t);
    const y = b + 156 - 6 * t;
    fringe.push(`M ${n(x)} ${n(y)} L ${n(x + side * 1)} ${n(y + 12)}`);
  }
  return (
    `<path d="${end}" fill="${color}"/>` +
    `<path d="M ${CX + side * 8} ${n(b + 120)} L ${CX + side * 53} ${n(b + 116)} M ${CX + side * 7} ${n(b + 134)} L ${CX + side * 54} ${n(b + 130)}" stroke="${stripe}" stroke-width="6"/>` +
    `<path d="${fringe.join(' ')}" stroke="${color}" stroke-width="3" stroke-linecap="round"/>` +
    `<path d="M ${n(CX - nw - 18)} ${n(b - 24)} Q ${CX} ${n(b + 6)} ${n(CX + nw + 18)} ${n(b - 24)} L ${n(CX + nw + 26)} ${n(b + 8)} Q ${CX} ${n(b + 46)} ${n(CX - nw - 26)} ${n(b + 8)} Z" fill="${color}"/>` +
    `<path d="M ${n(CX - nw - 20)} ${n(b - 8)} Q ${CX} ${n(b + 24)} ${n(CX + nw + 20)} ${n(b - 8)}" stroke="${shade}" stroke-width="3" fill="none" opacity="0.7"/>`
  );
}

// ---------------------------------------------------------------------------------------------
// Hair
// ---------------------------------------------------------------------------------------------

interface HairParts {
  /** Behind the head and body. */
  back: string;
  /** In front of the face sides / shoulders, drawn after the face. */
  locks: string;
  /** The hair cap over the top of the head, drawn last. */
  front: string;
  /** Sides (-1 left, 1 right) whose ear is hidden by hair. */
  coveredSides: number[];
}

interface HairColors {
  base: string;
  shade: string;
  light: string;
}

function capOuter(R: number, hairTop: number, cy0: number): string {
  const Ry = cy0 - hairTop;
  return `M ${n(CX - R)} ${n(cy0)} A ${n(R)} ${n(Ry)} 0 0 1 ${n(CX + R)} ${n(cy0)}`;
}

/** Short hairline with temples, from the right sideburn round to the left one. */
function cropHairline(g: Geo, lift: number, side: number): string {
  const { W, eyeY: e } = g;
  const hy = e - 86 - lift;
  return [
    `L ${n(CX + W + 1)} ${n(e + side)} L ${n(CX + W - 8)} ${n(e + side)}`,
    `L ${n(CX + W - 9)} ${n(e - 30)}`,
    `Q ${n(CX + W - 10)} ${n(hy + 6)} ${n(CX + W - 36)} ${n(hy + 2)}`,
    `Q ${CX} ${n(hy - 10)} ${n(CX - W + 36)} ${n(hy + 2)}`,
    `Q ${n(CX - W + 10)} ${n(hy + 6)} ${n(CX - W + 9)} ${n(e - 30)}`,
    `L ${n(CX - W + 8)} ${n(e + side)} L ${n(CX - W - 1)} ${n(e + side)} Z`,
  ].join(' ');
}

function curlsAlongEllipse(
  rng: Rng,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  from: number,
  to: number,
  count: number,
  rMin: number,
  rMax: number,
  fill: string,
): string {
  let s = '';
  for (let i = 0; i <= count; i++) {
    const a = from + ((to - from) * i) / count;
    const x = cx + rx * Math.cos(a);
    const y = cy + ry * Math.sin(a);
    s += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(rng.range(rMin, rMax))}" fill="${fill}"/>`;
  }
  return s;
}

function curlTexture(
  rng: Rng,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  count: number,
  color: string,
): string {
  let d = '';
  for (let i = 0; i < count; i++) {
    const x = rng.range(x0, x1);
    const y = rng.range(y0, y1);
    const r = rng.range(4, 7);
    d += `M ${n(x - r)} ${n(y)} A ${n(r)} ${n(r)} 0 1 1 ${n(x + r * 0.3)} ${n(y + r * 0.9)} `;
  }
  return `<path d="${d}" stroke="${color}" stroke-width="2" fill="none" opacity="0.45" stroke-linecap="round"/>`;
}

function hair(rng: Rng, style: HairStyle, g: Geo, c: HairColors, flip: boolean): HairParts {
  const { W, H, eyeY: e } = g;
  const skullTop = e - H;
  const parts: HairParts = { back: '', locks: '', front: '', coveredSides: [] };
  const cy0 = e - 16;
  const shine = (R: number, top: number) =>
    `<path d="M ${n(CX - R * 0.55)} ${n(top + 26)} Q ${n(CX - R * 0.2)} ${n(top + 6)} ${n(CX + R * 0.15)} ${n(top + 10)}" stroke="${c.light}" stroke-width="7" fill="none" stroke-linecap="round" opacity="0.35"/>`;

  switch (style) {
    case 'bald': {
      parts.front = `<path d="M ${n(CX - W * 0.5)} ${n(skullTop + 30)} Q ${n(CX - W * 0.1)} ${n(skullTop + 10)} ${n(CX + W * 0.25)} ${n(skullTop + 16)}" stroke="#ffffff" stroke-width="9" fill="none" stroke-linecap="round" opacity="0.16"/>`;
      return parts;
    }
    case 'receding': {
      const side = (s: number) =>
        `<path d="M ${n(CX + s * (W - 7))} ${n(e + 12)} L ${n(CX + s * (W + 3))} ${n(e + 12)} C ${n(CX + s * (W + 8))} ${n(e - 30)} ${n(CX + s * (W + 6))} ${n(e - 62)} ${n(CX + s * (W - 14))} ${n(e - 84)} C ${n(CX + s * (W - 16))} ${n(e - 60)} ${n(CX + s * (W - 9))} ${n(e - 40)} ${n(CX + s * (W - 7))} ${n(e + 12)} Z" fill="${c.base}"/>`;
      parts.front =
        side(1) +
        side(-1) +
        `<path d="M ${n(CX - W * 0.5)} ${n(skullTop + 30)} Q ${n(CX - W * 0.1)} ${n(skullTop + 10)} ${n(CX + W * 0.25)} ${n(skullTop + 16)}" stroke="#ffffff" stroke-width="9" fill="none" stroke-linecap="round" opacity="0.14"/>`;
      return parts;
    }
    case 'buzz': {
      const R = W + 4;
      const top = skullTop - 4;
      parts.front = `<path d="${capOuter(R, top, cy0)} ${cropHairline(g, -4, 6)}" fill="${c.base}" opacity="0.85"/>`;
      return parts;
    }
    case 'crop':
    case 'sidepart':
    case 'quiff': {
      const vol = style === 'quiff' ? 14 : rng.range(12, 20);
      // fuller on top than on the sides
      const R = W + vol * 0.6;
      const top = skullTop - vol - 4;
      let extra = '';
      let line = '';
      let hairline = cropHairline(g, 0, 12);
      if (style === 'crop') {
        let d = '';
        const ry = cy0 - top;
        for (const dx of [-48, -18, 14, 44]) {
          const x0 = CX + dx;
          const x1 = x0 + dx * 0.2 + 2;
          const rel = Math.min(0.95, Math.abs(x1 - CX) / R);
          const yEnd = cy0 - ry * Math.sqrt(1 - rel * rel) + 12;
          d += `M ${n(x0)} ${n(e - 92)} Q ${n(x0 + dx * 0.15 + 6)} ${n(e - 112)} ${n(x1)} ${n(yEnd)} `;
        }
        line = `<path d="${d}" stroke="${c.shade}" stroke-width="2.5" fill="none" opacity="0.35" stroke-linecap="round"/>`;
      }
      if (style === 'sidepart') {
        // asymmetric sweep: the part sits on the left, hair sweeps over to the right
        const hy = e - 88;
        hairline = [
          `L ${n(CX + W + 1)} ${n(e + 12)} L ${n(CX + W - 8)} ${n(e + 12)}`,
          `L ${n(CX + W - 9)} ${n(e - 34)}`,
          `C ${n(CX + W - 14)} ${n(hy + 10)} ${n(CX + 20)} ${n(hy + 8)} ${n(CX - 28)} ${n(hy - 8)}`,
          `L ${n(CX - 36)} ${n(hy - 16)}`,
          `Q ${n(CX - W + 12)} ${n(hy - 2)} ${n(CX - W + 9)} ${n(e - 32)}`,
          `L ${n(CX - W + 8)} ${n(e + 12)} L ${n(CX - W - 1)} ${n(e + 12)} Z`,
        ].join(' ');
        line = `<path d="M ${n(CX - 36)} ${n(hy - 16)} Q ${n(CX - 44)} ${n(hy - 40)} ${n(CX - 52)} ${n(top + 24)}" stroke="${c.shade}" stroke-width="3" fill="none" stroke-linecap="round"/>`;
        line += `<path d="M ${n(CX - 20)} ${n(hy - 14)} Q ${n(CX + 30)} ${n(hy - 22)} ${n(CX + W - 10)} ${n(hy + 4)}" stroke="${c.shade}" stroke-width="2.5" fill="none" opacity="0.5" stroke-linecap="round"/>`;
      }
      if (style === 'quiff') {
        extra = `<ellipse cx="${n(CX + 8)}" cy="${n(top + 16)}" rx="${n(W * 0.78)}" ry="30" transform="rotate(-6 ${n(CX + 8)} ${n(top + 16)})" fill="${c.base}"/>`;
        line = `<path d="M ${n(CX - 40)} ${n(top + 20)} Q ${n(CX + 10)} ${n(top - 6)} ${n(CX + 62)} ${n(top + 14)}" stroke="${c.light}" stroke-width="4" fill="none" opacity="0.45" stroke-linecap="round"/>`;
      }
      parts.front = mirrored(
        `${extra}<path d="${capOuter(R, top, cy0)} ${hairline}" fill="${c.base}"/>${line}${style === 'quiff' ? '' : shine(R, top)}`,
        flip,
      );
      return parts;
    }
    case 'curlyShort': {
      const R = W + 16;
      const top = skullTop - 18;
      const ry = cy0 - top;
      parts.front =
        `<path d="${capOuter(R, top, cy0)} ${cropHairline(g, -2, 12)}" fill="${c.base}"/>` +
        curlsAlongEllipse(rng, CX, cy0, R - 6, ry - 6, Math.PI * 1.02, Math.PI * 1.98, 12, 12, 17, c.base) +
        curlsAlongEllipse(rng, CX, e - 84, W - 30, 6, Math.PI * 1.05, Math.PI * 1.95, 6, 9, 12, c.base) +
        curlTexture(rng, CX - W, CX + W, top + 10, e - 90, 14, c.shade);
      return parts;
    }
    case 'afro': {
      const rx = W + 56;
      const ry = H + 40;
      const acy = e - 50;
      parts.back =
        `<ellipse cx="${CX}" cy="${n(acy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${c.base}"/>` +
        curlsAlongEllipse(rng, CX, acy, rx - 4, ry - 4, 0, Math.PI * 2, 26, 16, 24, c.base) +
        curlTexture(rng, CX - rx + 20, CX + rx - 20, acy - ry + 20, acy + 40, 30, c.shade);
      parts.front =
        `<path d="${capOuter(W + 20, skullTop - 20, cy0)} ${cropHairline(g, 0, 12)}" fill="${c.base}"/>` +
        curlsAlongEllipse(rng, CX, e - 86, W - 30, 8, Math.PI * 1.05, Math.PI * 1.95, 7, 9, 13, c.base) +
        curlTexture(rng, CX - W, CX + W, skullTop - 10, e - 95, 10, c.shade);
      return parts;
    }
    case 'manbun': {
      const R = W + 8;
      const top = skullTop - 8;
      parts.back = `<circle cx="${CX}" cy="${n(top - 18)}" r="30" fill="${c.base}"/><path d="M ${CX - 18} ${n(top - 24)} Q ${CX} ${n(top - 40)} ${CX + 18} ${n(top - 22)}" stroke="${c.shade}" stroke-width="3" fill="none"/>`;
      parts.front =
        `<path d="${capOuter(R, top, cy0)} ${cropHairline(g, 6, 10)}" fill="${c.base}"/>` +
        `<path d="M ${CX - 30} ${n(e - 96)} Q ${CX - 20} ${n(top + 20)} ${CX - 8} ${n(top + 4)} M ${CX + 30} ${n(e - 96)} Q ${CX + 20} ${n(top + 20)} ${CX + 8} ${n(top + 4)}" stroke="${c.shade}" stroke-width="2.5" fill="none" opacity="0.5"/>` +
        `<rect x="${CX - 14}" y="${n(top - 4)}" width="28" height="8" rx="4" fill="${c.shade}"/>`;
      return parts;
    }
    default:
      break;
  }

  // ---- longer styles --------------------------------------------------------------------------
  const vol = rng.range(12, 20);
  const R = W + vol;
  const top = skullTop - vol;
  let length: number;
  switch (style) {
    case 'bob':
      length = e + 108;
      break;
    case 'shoulder':
      length = e + 150;
      break;
    case 'pixie':
    case 'ponytail':
    case 'bun':
      length = 0;
      break;
    default:
      length = e + rng.range(190, 225);
  }

  // hairline variants for the cap
  const partMiddle = [
    `L ${n(CX + W + 3)} ${n(e + 20)} L ${n(CX + W - 4)} ${n(e + 20)}`,
    `L ${n(CX + W - 6)} ${n(e - 20)}`,
    `C ${n(CX + W - 8)} ${n(e - 78)} ${n(CX + 26)} ${n(e - 96)} ${CX} ${n(e - 102)}`,
    `C ${n(CX - 26)} ${n(e - 96)} ${n(CX - W + 8)} ${n(e - 78)} ${n(CX - W + 6)} ${n(e - 20)}`,
    `L ${n(CX - W + 4)} ${n(e + 20)} L ${n(CX - W - 3)} ${n(e + 20)} Z`,
  ].join(' ');
  const partSide = [
    `L ${n(CX + W + 3)} ${n(e + 20)} L ${n(CX + W - 4)} ${n(e + 20)}`,
    `L ${n(CX + W - 5)} ${n(e - 14)}`,
    `C ${n(CX + W - 6)} ${n(e - 56)} ${n(CX + 36)} ${n(e - 62)} ${n(CX - 6)} ${n(e - 88)}`,
    `C ${n(CX - 22)} ${n(e - 98)} ${n(CX - 30)} ${n(e - 104)} ${n(CX - 34)} ${n(e - 108)}`,
    `C ${n(CX - 56)} ${n(e - 100)} ${n(CX - W + 8)} ${n(e - 80)} ${n(CX - W + 6)} ${n(e - 20)}`,
    `L ${n(CX - W + 4)} ${n(e + 20)} L ${n(CX - W - 3)} ${n(e + 20)} Z`,
  ].join(' ');
  const bangs = (() => {
    const y = e - 40;
    const segs: string[] = [
      `L ${n(CX + W + 3)} ${n(e + 20)} L ${n(CX + W - 4)} ${n(e + 20)}`,
      `L ${n(CX + W - 6)} ${n(y + 4)}`,
    ];
    const steps = 6;
    for (let i = 1; i <= steps; i++) {
      const x0 = CX + W - 6 - ((2 * W - 12) * (i - 1)) / steps;
      const x1 = CX + W - 6 - ((2 * W - 12) * i) / steps;
      segs.push(`Q ${n((x0 + x1) / 2)} ${n(y + 7)} ${n(x1)} ${n(y + (i === steps ? 4 : 0))}`);
    }
    segs.push(`L ${n(CX - W + 4)} ${n(e + 20)} L ${n(CX - W - 3)} ${n(e + 20)} Z`);
    return segs.join(' ');
  })();
  const pulled = [
    `L ${n(CX + W + 2)} ${n(e + 4)} L ${n(CX + W - 6)} ${n(e + 4)}`,
    `C ${n(CX + W - 8)} ${n(e - 70)} ${n(CX + 36)} ${n(e - 100)} ${CX} ${n(e - 100)}`,
    `C ${n(CX - 36)} ${n(e - 100)} ${n(CX - W + 8)} ${n(e - 70)} ${n(CX - W + 6)} ${n(e + 4)}`,
    `L ${n(CX - W - 2)} ${n(e + 4)} Z`,
  ].join(' ');

  const strands = (from: number) =>
    `<path d="M ${n(CX - 34)} ${n(from)} Q ${n(CX - 44)} ${n(top + 40)} ${n(CX - 30)} ${n(top + 8)} M ${n(CX + 34)} ${n(from)} Q ${n(CX + 44)} ${n(top + 40)} ${n(CX + 30)} ${n(top + 8)} M ${CX} ${n(from - 4)} L ${CX} ${n(top + 6)}" stroke="${c.shade}" stroke-width="2.5" fill="none" opacity="0.45" stroke-linecap="round"/>`;

  switch (style) {
    case 'ponytail': {
      const s = flip ? -1 : 1;
      const ox = (dx: number) => n(CX + s * dx);
      const tie = rng.pick(['#c8643b', '#2f3e5c', '#d98a9a', '#d8a93b', c.shade]);
      parts.back =
        `<path d="M ${ox(R - 24)} ${n(e - 96)} C ${ox(R + 30)} ${n(e - 96)} ${ox(R + 44)} ${n(e - 20)} ${ox(R + 34)} ${n(e + 50)} C ${ox(R + 28)} ${n(e + 100)} ${ox(R + 30)} ${n(e + 130)} ${ox(R + 40)} ${n(e + 150)} C ${ox(R + 6)} ${n(e + 130)} ${ox(R + 2)} ${n(e + 80)} ${ox(R + 4)} ${n(e + 30)} C ${ox(R + 6)} ${n(e - 10)} ${ox(R - 4)} ${n(e - 40)} ${ox(R - 30)} ${n(e - 50)} Z" fill="${c.base}"/>` +
        `<path d="M ${ox(R + 14)} ${n(e - 60)} C ${ox(R + 30)} ${n(e - 20)} ${ox(R + 20)} ${n(e + 60)} ${ox(R + 26)} ${n(e + 120)}" stroke="${c.shade}" stroke-width="3" fill="none" opacity="0.5" stroke-linecap="round"/>` +
        `<ellipse cx="${ox(R + 6)}" cy="${n(e - 78)}" rx="9" ry="15" transform="rotate(${s * 50} ${ox(R + 6)} ${n(e - 78)})" fill="${tie}"/>`;
      parts.front = `<path d="${capOuter(R - 4, top + 4, cy0)} ${pulled}" fill="${c.base}"/>${strands(e - 98)}${shine(R - 4, top + 4)}`;
      return parts;
    }
    case 'bun': {
      const br = rng.range(32, 40);
      parts.back =
        `<circle cx="${CX}" cy="${n(top - br * 0.55)}" r="${n(br)}" fill="${c.base}"/>` +
        `<path d="M ${n(CX - br * 0.6)} ${n(top - br * 0.6)} Q ${CX} ${n(top - br * 1.4)} ${n(CX + br * 0.6)} ${n(top - br * 0.5)}" stroke="${c.shade}" stroke-width="3" fill="none" opacity="0.6"/>`;
      parts.front =
        `<path d="${capOuter(R - 4, top + 4, cy0)} ${pulled}" fill="${c.base}"/>${strands(e - 98)}` +
        `<rect x="${n(CX - br * 0.7)}" y="${n(top)}" width="${n(br * 1.4)}" height="8" rx="4" fill="${c.shade}"/>`;
      return parts;
    }
    case 'pixie': {
      const hy = e - 84;
      const sweep = [
        `L ${n(CX + W + 1)} ${n(e + 6)} L ${n(CX + W - 8)} ${n(e + 6)}`,
        `L ${n(CX + W - 9)} ${n(e - 40)}`,
        `C ${n(CX + W - 18)} ${n(hy + 30)} ${n(CX + 30)} ${n(hy + 22)} ${n(CX - 20)} ${n(hy - 2)}`,
        `L ${n(CX - 40)} ${n(hy - 12)}`,
        `Q ${n(CX - W + 10)} ${n(hy - 2)} ${n(CX - W + 9)} ${n(e - 30)}`,
        `L ${n(CX - W + 8)} ${n(e + 6)} L ${n(CX - W - 1)} ${n(e + 6)} Z`,
      ].join(' ');
      parts.front = mirrored(
        `<path d="${capOuter(W + 12, skullTop - 12, cy0)} ${sweep}" fill="${c.base}"/>` +
          `<path d="M ${n(CX - 30)} ${n(hy - 10)} Q ${n(CX + 20)} ${n(hy + 4)} ${n(CX + W - 14)} ${n(e - 44)}" stroke="${c.shade}" stroke-width="2.5" fill="none" opacity="0.5" stroke-linecap="round"/>` +
          shine(W + 12, skullTop - 12),
        flip,
      );
      return parts;
    }
    default:
      break;
  }

  // long / wavy / bob / shoulder / fringe / curlyLong
  const L = length;
  const wavy = style === 'wavy';
  const curly = style === 'curlyLong';
  const flare = style === 'bob' ? 16 : curly ? 34 : 22;
  let backPath = `M ${n(CX - R - 4)} ${n(cy0)} A ${n(R + 4)} ${n(cy0 - top + 4)} 0 0 1 ${n(CX + R + 4)} ${n(cy0)}`;
  if (style === 'bob') {
    backPath += ` C ${n(CX + R + 10)} ${n(e + 40)} ${n(CX + R + flare)} ${n(L - 20)} ${n(CX + R + 4)} ${n(L)} Q ${CX} ${n(L + 18)} ${n(CX - R - 4)} ${n(L)} C ${n(CX - R - flare)} ${n(L - 20)} ${n(CX - R - 10)} ${n(e + 40)} ${n(CX - R - 4)} ${n(cy0)} Z`;
  } else if (wavy) {
    const pts = 5;
    let d = '';
    for (let i = 1; i <= pts; i++) {
      const y = cy0 + ((L - cy0) * i) / pts;
      const x = CX + R + 6 + (flare * i) / pts;
      const wx = x + (i % 2 === 0 ? -14 : 14);
      d += ` Q ${n(wx)} ${n(y - (L - cy0) / pts / 2)} ${n(x)} ${n(y)}`;
    }
    d += ` Q ${CX} ${n(L + 24)} ${n(CX - R - 6 - flare)} ${n(L)}`;
    for (let i = pts - 1; i >= 0; i--) {
      const y = cy0 + ((L - cy0) * i) / pts;
      const x = CX - R - 6 - (flare * i) / pts;
      const wx = x + ((i + 1) % 2 === 0 ? 14 : -14);
      d += ` Q ${n(wx)} ${n(y + (L - cy0) / pts / 2)} ${n(x)} ${n(y)}`;
    }
    backPath += `${d} Z`;
  } else {
    backPath += ` C ${n(CX + R + 14)} ${n(e + 60)} ${n(CX + R + flare + 8)} ${n(L - 60)} ${n(CX + R + flare)} ${n(L)} Q ${CX} ${n(L + 26)} ${n(CX - R - flare)} ${n(L)} C ${n(CX - R - flare - 8)} ${n(L - 60)} ${n(CX - R - 14)} ${n(e + 60)} ${n(CX - R - 4)} ${n(cy0)} Z`;
  }
  parts.back = `<path d="${backPath}" fill="${c.shade}"/>`;
  if (curly) {
    let sideCurls = '';
    for (let y = cy0; y <= L; y += 26) {
      const t = (y - cy0) / (L - cy0);
      sideCurls += `<circle cx="${n(CX + R + 4 + flare * t)}" cy="${n(y)}" r="${n(rng.range(16, 22))}" fill="${c.shade}"/>`;
      sideCurls += `<circle cx="${n(CX - R - 4 - flare * t)}" cy="${n(y)}" r="${n(rng.range(16, 22))}" fill="${c.shade}"/>`;
    }
    parts.back +=
      sideCurls +
      curlsAlongEllipse(rng, CX, cy0, R + 4, cy0 - top + 4, Math.PI, Math.PI * 2, 12, 16, 22, c.shade);
  }

  // front locks over the shoulders (one or both sides); bob/shoulder frame the face
  const lockSides: number[] =
    style === 'bob' || style === 'fringe' || curly ? [1, -1] : rng.pick([[1, -1], [1, -1], [1], [-1]]);
  const lockBottom = style === 'bob' ? L : style === 'shoulder' ? L : L - 6;
  let locks = '';
  for (const s of lockSides) {
    const ox = (dx: number) => n(CX + s * dx);
    let d: string;
    if (style === 'bob') {
      d = `M ${ox(W - 6)} ${n(e - 40)} C ${ox(W + 2)} ${n(e + 20)} ${ox(W - 2)} ${n(e + 70)} ${ox(W - 16)} ${n(L + 2)} Q ${ox(W + 6)} ${n(L + 10)} ${ox(R + 8)} ${n(L - 4)} C ${ox(R + flare)} ${n(L - 40)} ${ox(R + 10)} ${n(e + 20)} ${ox(R + 2)} ${n(e - 40)} Z`;
    } else if (wavy) {
      d = `M ${ox(W - 6)} ${n(e - 40)} C ${ox(W + 4)} ${n(e + 30)} ${ox(W - 14)} ${n(e + 80)} ${ox(W - 6)} ${n(e + 120)} Q ${ox(W + 6)} ${n(e + 150)} ${ox(W - 4)} ${n(lockBottom - 20)} Q ${ox(W + 4)} ${n(lockBottom + 4)} ${ox(W + 22)} ${n(lockBottom)} Q ${ox(R + 40)} ${n(lockBottom - 40)} ${ox(R + 18)} ${n(e + 110)} Q ${ox(R + 4)} ${n(e + 70)} ${ox(R + 16)} ${n(e + 30)} Q ${ox(R + 18)} ${n(e - 10)} ${ox(R + 2)} ${n(e - 40)} Z`;
    } else {
      d = `M ${ox(W - 6)} ${n(e - 40)} C ${ox(W + 4)} ${n(e + 30)} ${ox(W - 14)} ${n(e + 90)} ${ox(W - 12)} ${n(e + 130)} C ${ox(W - 10)} ${n(lockBottom - 30)} ${ox(W + 4)} ${n(lockBottom)} ${ox(W + 14)} ${n(lockBottom + 4)} L ${ox(R + flare - 4)} ${n(lockBottom - 4)} C ${ox(R + flare + 4)} ${n(lockBottom - 60)} ${ox(R + 12)} ${n(e + 40)} ${ox(R + 2)} ${n(e - 40)} Z`;
    }
    locks += `<path d="${d}" fill="${c.base}"/>`;
    if (curly) {
      for (let y = e - 20; y <= lockBottom; y += 24) {
        const t = (y - e + 20) / (lockBottom - e + 20);
        locks += `<circle cx="${ox(W + 10 + t * 12 + rng.range(-4, 4))}" cy="${n(y)}" r="${n(rng.range(14, 18))}" fill="${c.base}"/>`;
      }
    } else {
      locks += `<path d="M ${ox(W + 8)} ${n(e)} C ${ox(W + 14)} ${n(e + 60)} ${ox(W + 2)} ${n(e + 110)} ${ox(W + 16)} ${n(lockBottom - 14)}" stroke="${c.shade}" stroke-width="3" fill="none" opacity="0.45" stroke-linecap="round"/>`;
    }
  }
  parts.locks = locks;
  parts.coveredSides = lockSides;

  let hairline = rng.chance(0.5) ? partMiddle : partSide;
  if (style === 'fringe') hairline = bangs;
  const sideFlip = rng.chance(0.5);
  let front = `<path d="${capOuter(R, top, cy0)} ${hairline}" fill="${c.base}"/>`;
  if (hairline === partMiddle) {
    front += `<path d="M ${CX} ${n(e - 100)} Q ${CX + 2} ${n(top + 30)} ${CX - 4} ${n(top + 8)}" stroke="${c.shade}" stroke-width="3" fill="none" stroke-linecap="round"/>`;
  } else if (hairline === partSide) {
    front += `<path d="M ${n(CX - 34)} ${n(e - 108)} Q ${n(CX - 40)} ${n(top + 30)} ${n(CX - 44)} ${n(top + 12)}" stroke="${c.shade}" stroke-width="3" fill="none" stroke-linecap="round"/>`;
    front += `<path d="M ${n(CX - 24)} ${n(e - 100)} C ${n(CX + 10)} ${n(e - 84)} ${n(CX + W - 20)} ${n(e - 70)} ${n(CX + W - 8)} ${n(e - 20)}" stroke="${c.shade}" stroke-width="2.5" fill="none" opacity="0.45" stroke-linecap="round"/>`;
  }
  if (curly) {
    front +=
      curlsAlongEllipse(
        rng,
        CX,
        cy0,
        R - 4,
        cy0 - top - 4,
        Math.PI * 1.02,
        Math.PI * 1.98,
        12,
        12,
        17,
        c.base,
      ) + curlTexture(rng, CX - W, CX + W, top + 12, e - 100, 12, c.shade);
  } else {
    front += shine(R, top);
  }
  parts.front = hairline === partSide ? mirrored(front, sideFlip) : front;
  return parts;
}

// ---------------------------------------------------------------------------------------------
// Face features
// ---------------------------------------------------------------------------------------------

function eyes(
  g: Geo,
  kind: 'open' | 'smile',
  iris: string,
  lashes: boolean,
  line: string,
  id: string,
  lidShade: string,
): { defs: string; body: string } {
  const ey = g.eyeY + 4;
  let defs = '';
  let body = '';
  for (const s of [-1, 1]) {
    const x = CX + s * g.eyeDx;
    if (kind === 'smile') {
      body += `<path d="M ${n(x - 13)} ${n(ey + 2)} Q ${n(x)} ${n(ey - 10)} ${n(x + 13)} ${n(ey + 2)}" stroke="${line}" stroke-width="4" fill="none" stroke-linecap="round"/>`;
      if (lashes) {
        body += `<path d="M ${n(x + s * 12)} ${n(ey)} L ${n(x + s * 17)} ${n(ey - 4)}" stroke="${line}" stroke-width="3" stroke-linecap="round"/>`;
      }
      continue;
    }
    const almond = `M ${n(x - 15)} ${n(ey)} Q ${n(x)} ${n(ey - 15)} ${n(x + 15)} ${n(ey)} Q ${n(x)} ${n(ey + 11)} ${n(x - 15)} ${n(ey)} Z`;
    const cid = `${id}eye${s < 0 ? 'l' : 'r'}`;
    defs += `<clipPath id="${cid}"><path d="${almond}"/></clipPath>`;
    body +=
      `<path d="M ${n(x - 17)} ${n(ey - 2)} Q ${n(x)} ${n(ey - 19)} ${n(x + 17)} ${n(ey - 2)}" stroke="${lidShade}" stroke-width="4" fill="none" opacity="0.35" stroke-linecap="round"/>` +
      `<path d="${almond}" fill="#fbfbf8"/>` +
      `<g clip-path="url(#${cid})"><circle cx="${n(x)}" cy="${n(ey - 1.5)}" r="7.2" fill="${iris}"/>` +
      `<circle cx="${n(x)}" cy="${n(ey - 1.5)}" r="3.4" fill="#1a1412"/>` +
      `<circle cx="${n(x + 2.4)}" cy="${n(ey - 4.2)}" r="1.9" fill="#ffffff"/></g>` +
      `<path d="M ${n(x - 16)} ${n(ey + 0.5)} Q ${n(x)} ${n(ey - 15.5)} ${n(x + 16)} ${n(ey - 0.5)}" stroke="${line}" stroke-width="2.8" fill="none" stroke-linecap="round"/>`;
    if (lashes) {
      body += `<path d="M ${n(x + s * 14.5)} ${n(ey - 2)} L ${n(x + s * 19)} ${n(ey - 6)} M ${n(x + s * 11)} ${n(ey - 5.5)} L ${n(x + s * 14.5)} ${n(ey - 10)}" stroke="${line}" stroke-width="2.4" stroke-linecap="round"/>`;
    }
  }
  return { defs, body };
}

function brows(g: Geo, color: string, thickness: number, arch: number, tilt: number): string {
  const by = g.eyeY - 22;
  let d = '';
  for (const s of [-1, 1]) {
    const x = CX + s * g.eyeDx;
    const inner = [x - s * 16, by + 3 - tilt];
    const outer = [x + s * 18, by + 4 + tilt];
    const peak = [x + s * 3, by - arch];
    const ctrl = [
      2 * (peak[0] as number) - ((inner[0] as number) + (outer[0] as number)) / 2,
      2 * (peak[1] as number) - ((inner[1] as number) + (outer[1] as number)) / 2,
    ];
    d += `M ${n(inner[0] as number)} ${n(inner[1] as number)} Q ${n(ctrl[0] as number)} ${n(ctrl[1] as number)} ${n(outer[0] as number)} ${n(outer[1] as number)} `;
  }
  return `<path d="${d}" stroke="${color}" stroke-width="${n(thickness)}" fill="none" stroke-linecap="round"/>`;
}

function nose(g: Geo, kind: number, color: string): string {
  const ny = g.eyeY + 46;
  const st = `stroke="${color}" stroke-width="3" fill="none" stroke-linecap="round" stroke-linejoin="round"`;
  switch (kind) {
    case 0:
      return `<path d="M ${CX - 9} ${n(ny)} Q ${CX} ${n(ny + 7)} ${CX + 9} ${n(ny)}" ${st}/>`;
    case 1:
      return `<path d="M ${CX + 3} ${n(ny - 30)} Q ${CX + 10} ${n(ny - 8)} ${CX + 6} ${n(ny + 1)} Q ${CX} ${n(ny + 5)} ${CX - 6} ${n(ny + 1)}" ${st}/>`;
    case 2:
      return `<ellipse cx="${CX}" cy="${n(ny - 3)}" rx="11" ry="7" fill="${color}" opacity="0.4"/><path d="M ${CX - 7} ${n(ny + 2)} Q ${CX} ${n(ny + 6)} ${CX + 7} ${n(ny + 2)}" ${st}/>`;
    default:
      return `<path d="M ${CX - 13} ${n(ny - 4)} Q ${CX - 15} ${n(ny + 3)} ${CX - 7} ${n(ny + 3)} M ${CX + 13} ${n(ny - 4)} Q ${CX + 15} ${n(ny + 3)} ${CX + 7} ${n(ny + 3)} M ${CX - 6} ${n(ny + 4)} Q ${CX} ${n(ny + 7)} ${CX + 6} ${n(ny + 4)}" ${st}/>`;
  }
}

function mouth(
  g: Geo,
  kind: 'open' | 'closed' | 'lips',
  lip: string,
  line: string,
  id: string,
): { defs: string; body: string } {
  const { mouthY: y, mw } = g;
  if (kind === 'closed') {
    return {
      defs: '',
      body:
        `<path d="M ${n(CX - mw)} ${n(y)} Q ${CX} ${n(y + 16)} ${n(CX + mw)} ${n(y)}" stroke="${line}" stroke-width="4" fill="none" stroke-linecap="round"/>` +
        `<path d="M ${CX - 9} ${n(y + 17)} Q ${CX} ${n(y + 21)} ${CX + 9} ${n(y + 17)}" stroke="${lip}" stroke-width="4" fill="none" stroke-linecap="round" opacity="0.8"/>`,
    };
  }
  if (kind === 'lips') {
    const shape = `M ${n(CX - mw)} ${n(y)} Q ${n(CX - mw / 2)} ${n(y - 7)} ${CX} ${n(y - 3)} Q ${n(CX + mw / 2)} ${n(y - 7)} ${n(CX + mw)} ${n(y)} Q ${CX} ${n(y + 20)} ${n(CX - mw)} ${n(y)} Z`;
    return {
      defs: '',
      body:
        `<path d="${shape}" fill="${lip}"/>` +
        `<path d="M ${n(CX - mw + 2)} ${n(y + 0.5)} Q ${CX} ${n(y + 9)} ${n(CX + mw - 2)} ${n(y + 0.5)}" stroke="${line}" stroke-width="2.5" fill="none" stroke-linecap="round"/>` +
        `<path d="M ${CX - 6} ${n(y + 10)} Q ${CX} ${n(y + 12)} ${CX + 6} ${n(y + 10)}" stroke="#ffffff" stroke-width="2" fill="none" opacity="0.35" stroke-linecap="round"/>`,
    };
  }
  const shape = `M ${n(CX - mw)} ${n(y)} Q ${CX} ${n(y + 5)} ${n(CX + mw)} ${n(y)} Q ${n(CX + mw * 0.85)} ${n(y + 24)} ${CX} ${n(y + 25)} Q ${n(CX - mw * 0.85)} ${n(y + 24)} ${n(CX - mw)} ${n(y)} Z`;
  return {
    defs: `<clipPath id="${id}mouth"><path d="${shape}"/></clipPath>`,
    body:
      `<path d="${shape}" fill="#7a2e33"/>` +
      `<g clip-path="url(#${id}mouth)"><path d="M ${n(CX - mw)} ${n(y - 2)} L ${n(CX + mw)} ${n(y - 2)} L ${n(CX + mw)} ${n(y + 6)} Q ${CX} ${n(y + 11)} ${n(CX - mw)} ${n(y + 6)} Z" fill="#ffffff"/>` +
      `<ellipse cx="${CX}" cy="${n(y + 23)}" rx="${n(mw * 0.5)}" ry="8" fill="#d86f78"/></g>` +
      `<path d="${shape}" fill="none" stroke="${lip}" stroke-width="2.5" stroke-linejoin="round"/>`,
  };
}

function beardShapes(g: Geo, style: BeardStyle, color: string): { under: string; over: string } {
  const { W, eyeY: e, chinY: c, mouthY: my, mw } = g;
  if (style === 'none') return { under: '', over: '' };
  const full = [
    `M ${n(CX - W + 1)} ${n(e - 6)}`,
    `L ${n(CX - W + 1)} ${n(e + 20)}`,
    `C ${n(CX - W + 3)} ${n(c - 20)} ${n(CX - 48)} ${n(c + 16)} ${CX} ${n(c + 16)}`,
    `C ${n(CX + 48)} ${n(c + 16)} ${n(CX + W - 3)} ${n(c - 20)} ${n(CX + W - 1)} ${n(e + 20)}`,
    `L ${n(CX + W - 1)} ${n(e - 6)} L ${n(CX + W - 11)} ${n(e - 6)}`,
    `C ${n(CX + W - 12)} ${n(e + 40)} ${n(CX + mw + 22)} ${n(my - 22)} ${n(CX + mw + 2)} ${n(my - 12)}`,
    `Q ${CX} ${n(my - 24)} ${n(CX - mw - 2)} ${n(my - 12)}`,
    `C ${n(CX - mw - 22)} ${n(my - 22)} ${n(CX - W + 12)} ${n(e + 40)} ${n(CX - W + 11)} ${n(e - 6)} Z`,
  ].join(' ');
  const mustache = `M ${n(CX - mw - 6)} ${n(my + 2)} Q ${n(CX - mw)} ${n(my - 16)} ${CX} ${n(my - 12)} Q ${n(CX + mw)} ${n(my - 16)} ${n(CX + mw + 6)} ${n(my + 2)} Q ${n(CX + mw * 0.5)} ${n(my - 6)} ${CX} ${n(my - 4)} Q ${n(CX - mw * 0.5)} ${n(my - 6)} ${n(CX - mw - 6)} ${n(my + 2)} Z`;
  const goatee = `M ${n(CX - mw - 4)} ${n(my + 6)} Q ${n(CX - mw)} ${n(c + 14)} ${CX} ${n(c + 14)} Q ${n(CX + mw)} ${n(c + 14)} ${n(CX + mw + 4)} ${n(my + 6)} Q ${CX} ${n(my + 34)} ${n(CX - mw - 4)} ${n(my + 6)} Z`;
  switch (style) {
    case 'stubble':
      return { under: `<path d="${full}" fill="${darken(color, 0.3)}" opacity="0.14"/>`, over: '' };
    case 'short':
      return {
        under: `<path d="${full}" fill="${color}" opacity="0.8"/>`,
        over: `<path d="${mustache}" fill="${color}" opacity="0.9"/>`,
      };
    case 'full':
      return {
        under: `<path d="${full}" fill="${color}"/>`,
        over: `<path d="${mustache}" fill="${color}"/>`,
      };
    case 'mustache':
      return { under: '', over: `<path d="${mustache}" fill="${color}"/>` };
    case 'goatee':
      return {
        under: `<path d="${goatee}" fill="${color}" opacity="0.9"/>`,
        over: `<path d="${mustache}" fill="${color}" opacity="0.9"/>`,
      };
    default:
      return { under: '', over: '' };
  }
}

function glassesSvg(g: Geo, shape: 'round' | 'rect' | 'soft', color: string): string {
  const ey = g.eyeY + 3;
  let lenses = '';
  for (const s of [-1, 1]) {
    const x = CX + s * g.eyeDx;
    if (shape === 'round') {
      lenses += `<circle cx="${n(x)}" cy="${n(ey)}" r="23"/>`;
    } else if (shape === 'rect') {
      lenses += `<rect x="${n(x - 25)}" y="${n(ey - 17)}" width="50" height="34" rx="8"/>`;
    } else {
      lenses += `<path d="M ${n(x - 26)} ${n(ey - 14)} Q ${n(x)} ${n(ey - 20)} ${n(x + 26)} ${n(ey - 14)} Q ${n(x + 26)} ${n(ey + 18)} ${n(x)} ${n(ey + 18)} Q ${n(x - 26)} ${n(ey + 18)} ${n(x - 26)} ${n(ey - 14)} Z"/>`;
    }
  }
  const inner = g.eyeDx - (shape === 'round' ? 23 : 25);
  const outer = g.eyeDx + (shape === 'round' ? 23 : 26);
  return (
    `<g fill="#ffffff" fill-opacity="0.14" stroke="${color}" stroke-width="4.5">${lenses}</g>` +
    `<path d="M ${n(CX - inner)} ${n(ey - 4)} Q ${CX} ${n(ey - 11)} ${n(CX + inner)} ${n(ey - 4)} M ${n(CX - outer)} ${n(ey - 6)} L ${n(CX - g.W + 1)} ${n(ey - 9)} M ${n(CX + outer)} ${n(ey - 6)} L ${n(CX + g.W - 1)} ${n(ey - 9)}" stroke="${color}" stroke-width="4" fill="none" stroke-linecap="round"/>`
  );
}

// ---------------------------------------------------------------------------------------------
// Traits
// ---------------------------------------------------------------------------------------------

function chooseTraits(rng: Rng, opts: PortraitOptions): PortraitTraits & { skinIndex: number } {
  const { gender, age } = opts;
  const background = rng.weighted<BackgroundKind>([
    ['gradient', 3],
    ['sunset', 2],
    ['wall', 2],
    ['plants', 2],
    ['bokeh', 2],
    ['sky', 1.5],
    ['studio', 2],
  ]);
  const rolled = rng.weighted(portraitPalette.skin.map((_, i) => [i, i < 5 ? 3 : i < 8 ? 2 : 1.2] as const));
  // Light hair or eye hints fit better with lighter skin tones.
  const lightHint =
    opts.hairColor === 'blonde' ||
    opts.hairColor === 'red' ||
    (opts.eyeColor !== undefined && opts.eyeColor !== 'brown' && opts.eyeColor !== 'hazel');
  const skinIdx = lightHint && rolled >= 7 ? rolled - 6 : rolled;
  const skin = portraitPalette.skin[skinIdx] as string;
  const darkSkin = skinIdx >= 8;

  // hair colour
  const greyP = age > 68 ? 0.85 : age > 55 ? 0.6 : age > 45 ? 0.22 : age > 38 ? 0.06 : 0;
  let hairColorName: PortraitTraits['hairColorName'];
  if (rng.chance(greyP)) hairColorName = 'grey';
  else if (darkSkin)
    hairColorName = rng.weighted([
      ['black', 7],
      ['brown', 2.5],
      ['other', 0.5],
    ] as const);
  else
    hairColorName = rng.weighted([
      ['black', 1.5],
      ['brown', 4],
      ['blonde', 2.5],
      ['red', 0.8],
      ['other', 0.3],
    ] as const);
  if (opts.hairColor) hairColorName = opts.hairColor;
  let hairColor: string = rng.pick(portraitPalette.hair[hairColorName]);
  if (hairColorName === 'grey' && age > 68 && rng.chance(0.5)) hairColor = '#dcd9d4';

  const hairStyle: HairStyle =
    gender === 'male'
      ? rng.weighted<HairStyle>([
          ['crop', 4],
          ['sidepart', 3],
          ['quiff', 2],
          ['buzz', 2],
          ['bald', age > 45 ? 1.6 : 0.5],
          ['receding', age > 45 ? 2.5 : 0.2],
          ['curlyShort', darkSkin ? 2.5 : 1.2],
          ['afro', darkSkin ? 1.2 : 0.1],
          ['manbun', age < 45 ? 0.8 : 0.1],
        ])
      : rng.weighted<HairStyle>([
          ['long', 3],
          ['wavy', 2.5],
          ['shoulder', 2],
          ['bob', age > 40 ? 2.5 : 1.5],
          ['ponytail', 1.5],
          ['bun', 1.5],
          ['pixie', age > 50 ? 2 : 1],
          ['curlyLong', darkSkin ? 2.5 : 1],
          ['afro', darkSkin ? 1 : 0.1],
          ['fringe', 1.5],
        ]);

  const irisColorName: PortraitTraits['irisColorName'] = darkSkin
    ? rng.weighted([
        ['brown', 9],
        ['hazel', 1],
      ] as const)
    : rng.weighted([
        ['brown', 4],
        ['blue', 3],
        ['green', 1.5],
        ['grey', 1],
        ['hazel', 1.5],
      ] as const);
  const irisName = opts.eyeColor ?? irisColorName;
  const irisColor = rng.pick(portraitPalette.iris[irisName]);

  const beard: BeardStyle =
    gender === 'male'
      ? rng.weighted<BeardStyle>([
          ['none', 5],
          ['stubble', 2],
          ['short', 2],
          ['full', age > 35 ? 1.6 : 0.6],
          ['mustache', age > 45 ? 0.8 : 0.3],
          ['goatee', 0.7],
        ])
      : 'none';

  const clothingKind: ClothingKind =
    gender === 'male'
      ? rng.weighted<ClothingKind>([
          ['tee', 3],
          ['shirt', 3],
          ['sweater', 2],
          ['blazer', 1.8],
          ['hoodie', age < 40 ? 1.5 : 0.3],
          ['turtleneck', 0.8],
          ['vneck', 1],
        ])
      : rng.weighted<ClothingKind>([
          ['tee', 2.5],
          ['vneck', 1.2],
          ['blouse', 2],
          ['sweater', 2],
          ['blazer', 1.5],
          ['turtleneck', 1.2],
          ['shirt', 1.2],
          ['hoodie', age < 40 ? 1 : 0.2],
        ]);
  const clothingColor = rng.pick(portraitPalette.clothing);

  return {
    background,
    skin,
    skinIndex: skinIdx,
    hairStyle,
    hairColor,
    hairColorName,
    eyes: rng.chance(0.22) ? 'smile' : 'open',
    irisColor,
    irisColorName: irisName,
    beard,
    glasses: rng.chance(age > 50 ? 0.4 : 0.2),
    earrings: gender === 'female' ? rng.chance(0.6) : rng.chance(0.06),
    clothing: clothingKind,
    clothingColor,
    scarf: clothingKind !== 'turtleneck' && clothingKind !== 'hoodie' && rng.chance(0.14),
  };
}

/** Returns the visual traits chosen for a seed (same choices as {@link renderPortraitSvg}). */
export function portraitTraits(opts: PortraitOptions): PortraitTraits {
  const { skinIndex: _skinIndex, ...traits } = chooseTraits(new Rng(opts.seed), opts);
  return traits;
}

// ---------------------------------------------------------------------------------------------
// Main renderer
// ---------------------------------------------------------------------------------------------

/** Renders a deterministic, fully clothed head-and-shoulders portrait as a standalone SVG string. */
export function renderPortraitSvg(opts: PortraitOptions): string {
  const size = opts.size ?? 600;
  const rng = new Rng(opts.seed);
  const t = chooseTraits(rng, opts);
  const male = opts.gender === 'male';
  const age = opts.age;
  const id = `p${(opts.seed >>> 0).toString(36)}`;

  // --- geometry -------------------------------------------------------------------------------
  const build = opts.bodyType ?? 'average';
  const fuller = build === 'large' ? 1 : build === 'curvy' ? 0.5 : build === 'slim' ? -0.4 : 0;
  const W = (male ? rng.range(84, 95) : rng.range(79, 89)) + fuller * 7;
  const eyeY = rng.range(262, 270);
  const chinY = eyeY + (male ? rng.range(104, 116) : rng.range(98, 110));
  const faceShape = fuller > 0.6 ? 'round' : rng.pick(['oval', 'round', 'square', 'heart'] as const);
  const jaw =
    faceShape === 'square'
      ? { jawDrop: rng.range(62, 72), jawW: rng.range(60, 70) }
      : faceShape === 'round'
        ? { jawDrop: rng.range(55, 64), jawW: rng.range(52, 60) }
        : faceShape === 'heart'
          ? { jawDrop: rng.range(36, 46), jawW: rng.range(30, 40) }
          : { jawDrop: rng.range(45, 55), jawW: rng.range(40, 50) };
  const g: Geo = {
    W,
    H: t.hairStyle === 'bald' || t.hairStyle === 'receding' ? rng.range(118, 124) : rng.range(110, 118),
    eyeY,
    chinY,
    ...jaw,
    nw: (male ? rng.range(34, 40) : rng.range(28, 33)) + fuller * 4 + (build === 'athletic' ? 2 : 0),
    eyeDx: rng.range(34, 39),
    mouthY: eyeY + (chinY - eyeY) * 0.62,
    mw: rng.range(21, 28),
    base: 418,
    sx: (male ? rng.range(218, 238) : rng.range(200, 220)) + fuller * 22 + (build === 'athletic' ? 12 : 0),
  };

  // --- colours --------------------------------------------------------------------------------
  const skin = t.skin;
  const skinShade = darken(skin, 0.13);
  const skinDeep = darken(skin, 0.28);
  const dark = t.skinIndex >= 8;
  const line = dark ? '#1d1411' : '#2b1d17';
  const lipNatural = dark ? mix(skin, '#3d1a1a', 0.35) : mix(skin, '#c0606a', 0.4);
  const hairColors: HairColors = {
    base: t.hairColor,
    shade: darken(t.hairColor, 0.22),
    light: lighten(t.hairColor, 0.3),
  };
  const greyHair = t.hairColorName === 'grey';
  const browColor = greyHair
    ? mix(t.hairColor, '#4a4440', 0.45)
    : darken(t.hairColor, luminance(t.hairColor) > 0.5 ? 0.35 : 0.15);
  const accent = rng.pick(portraitPalette.clothing.filter((c) => c !== t.clothingColor));

  // --- parts ----------------------------------------------------------------------------------
  const bg = background(rng, t.background, id);
  const hairFlip = rng.chance(0.5);
  const hp = hair(rng, t.hairStyle, g, hairColors, hairFlip);
  const cl = clothing(rng, t.clothing, t.clothingColor, accent, g, id);
  const scarfSvg = t.scarf ? scarf(rng, g, accent) : '';
  const noseKind = rng.int(0, 3);
  const mouthKind: 'open' | 'closed' | 'lips' =
    t.beard === 'full' || t.beard === 'short'
      ? 'open'
      : !male && rng.chance(0.4)
        ? 'lips'
        : rng.chance(0.55)
          ? 'open'
          : 'closed';
  const lipstick = rng.pick(['#c25b6e', '#a23b5a', '#d9675a', mix(skin, '#b5546a', 0.5)]);
  const lip = mouthKind === 'lips' ? lipstick : lipNatural;
  const browThickness = male ? rng.range(6, 8.5) : rng.range(4, 6);
  const browArch = rng.range(3, 8);
  const browTilt = rng.range(-1.5, 2.5);
  const ey = eyes(g, t.eyes, t.irisColor, !male, line, id, skinDeep);
  const mo = mouth(g, mouthKind, lip, line, id);
  const beardColor =
    t.hairStyle === 'bald'
      ? age > 55
        ? '#8f8c89'
        : rng.pick(['#2a211c', '#3d2a1f', '#5a3d29'])
      : darken(t.hairColor, 0.05);
  const beard = beardShapes(g, t.beard, beardColor);
  const glassesShape = rng.pick(['round', 'rect', 'soft'] as const);
  const glassesColor = rng.pick(['#2a2a2e', '#6b4a2b', '#8a8f98', '#9c3b3b', '#2f4a6b']);
  const earringKind = rng.pick(['stud', 'hoop', 'drop'] as const);
  const earringColor = rng.pick(['#e0b34a', '#cfd6dc', '#f4efe6']);

  // --- ears -----------------------------------------------------------------------------------
  const earY = eyeY + 20;
  let ears = '';
  for (const s of [-1, 1]) {
    const x = CX + s * (W + 2);
    ears +=
      `<ellipse cx="${n(x)}" cy="${n(earY)}" rx="13" ry="22" fill="${skin}" stroke="${skinShade}" stroke-width="2"/>` +
      `<path d="M ${n(x + s * 4)} ${n(earY - 12)} Q ${n(x + s * 8)} ${n(earY)} ${n(x + s * 2)} ${n(earY + 12)}" stroke="${skinShade}" stroke-width="4" fill="none" stroke-linecap="round"/>`;
  }

  let earrings = '';
  if (t.earrings) {
    for (const s of [-1, 1]) {
      if (hp.coveredSides.includes(s)) continue;
      const x = CX + s * (W + 4);
      const y = earY + 20;
      if (earringKind === 'stud')
        earrings += `<circle cx="${n(x)}" cy="${n(y)}" r="4.5" fill="${earringColor}"/>`;
      else if (earringKind === 'hoop')
        earrings += `<circle cx="${n(x)}" cy="${n(y + 9)}" r="9" fill="none" stroke="${earringColor}" stroke-width="3"/>`;
      else
        earrings += `<path d="M ${n(x)} ${n(y)} L ${n(x)} ${n(y + 12)}" stroke="${earringColor}" stroke-width="2"/><circle cx="${n(x)}" cy="${n(y + 17)}" r="5.5" fill="${earringColor}"/>`;
    }
  }

  // --- neck -----------------------------------------------------------------------------------
  const { nw } = g;
  const neck =
    `<path d="M ${n(CX - nw)} ${n(eyeY + 40)} L ${n(CX - nw)} 430 Q ${n(CX - nw - 2)} 450 ${n(CX - nw - 14)} 470 L ${n(CX + nw + 14)} 470 Q ${n(CX + nw + 2)} 450 ${n(CX + nw)} 430 L ${n(CX + nw)} ${n(eyeY + 40)} Z" fill="${skin}"/>` +
    `<path d="M ${n(CX - nw)} ${n(chinY - 30)} L ${n(CX + nw)} ${n(chinY - 30)} L ${n(CX + nw)} ${n(chinY + 8)} Q ${CX} ${n(chinY + 26)} ${n(CX - nw)} ${n(chinY + 8)} Z" fill="${skinShade}"/>`;

  // --- face details ---------------------------------------------------------------------------
  const blushColor = dark ? '#b8465a' : '#ff7a8a';
  const blush = `<ellipse cx="${n(CX - g.eyeDx - 10)}" cy="${n(eyeY + 38)}" rx="16" ry="9" fill="${blushColor}" opacity="${dark ? 0.2 : 0.22}"/><ellipse cx="${n(CX + g.eyeDx + 10)}" cy="${n(eyeY + 38)}" rx="16" ry="9" fill="${blushColor}" opacity="${dark ? 0.2 : 0.22}"/>`;
  let ageLines = '';
  if (age >= 50) {
    const my = g.mouthY;
    const mw = g.mw;
    ageLines += `<path d="M ${n(CX - mw - 10)} ${n(my - 22)} Q ${n(CX - mw - 18)} ${n(my - 6)} ${n(CX - mw - 9)} ${n(my + 6)} M ${n(CX + mw + 10)} ${n(my - 22)} Q ${n(CX + mw + 18)} ${n(my - 6)} ${n(CX + mw + 9)} ${n(my + 6)}" stroke="${skinDeep}" stroke-width="2.4" fill="none" opacity="0.5" stroke-linecap="round"/>`;
  }
  if (age >= 58) {
    const y = eyeY + 4;
    let d = '';
    for (const s of [-1, 1]) {
      const x = CX + s * g.eyeDx;
      d += `M ${n(x - 9)} ${n(y + 12)} Q ${n(x)} ${n(y + 15)} ${n(x + 9)} ${n(y + 12)} `;
      d += `M ${n(x + s * 20)} ${n(y - 3)} L ${n(x + s * 26)} ${n(y - 6)} M ${n(x + s * 20)} ${n(y + 2)} L ${n(x + s * 26)} ${n(y + 3)} `;
    }
    ageLines += `<path d="${d}" stroke="${skinDeep}" stroke-width="2" fill="none" opacity="0.4" stroke-linecap="round"/>`;
  }
  const faceShadow = `<path d="M ${n(CX + W - 2)} ${n(eyeY - 40)} C ${n(CX + W + 2)} ${n(eyeY + 40)} ${n(CX + g.jawW + 6)} ${n(chinY - 14)} ${n(CX + 6)} ${n(chinY - 1)} C ${n(CX + g.jawW - 4)} ${n(chinY - 20)} ${n(CX + W - 12)} ${n(eyeY + 40)} ${n(CX + W - 2)} ${n(eyeY - 40)} Z" fill="${skinShade}" opacity="0.45"/>`;

  const defs = [bg.defs, cl.defs, ey.defs, mo.defs].join('');
  const body = [
    bg.body,
    hp.back,
    cl.behind,
    neck,
    cl.front,
    scarfSvg,
    ears,
    `<path d="${facePath(g)}" fill="${skin}" stroke="${skinShade}" stroke-width="2"/>`,
    faceShadow,
    blush,
    beard.under,
    nose(g, noseKind, skinDeep),
    mo.body,
    beard.over,
    ageLines,
    ey.body,
    brows(g, browColor, browThickness, browArch, browTilt),
    hp.locks,
    hp.front,
    t.glasses ? glassesSvg(g, glassesShape, glassesColor) : '',
    earrings,
  ].join('');

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 600 600"><defs>${defs}</defs>${body}</svg>`;
}
