/** The portrait generator's tools: its seeded random numbers, colour helpers and the face geometry. */

import { seededRandom } from '../lib/seeded-random';

// ---------------------------------------------------------------------------------------------
// Random numbers
// ---------------------------------------------------------------------------------------------

export class Rng {
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

export function hexToRgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  return [
    Number.parseInt(h.slice(0, 2), 16),
    Number.parseInt(h.slice(2, 4), 16),
    Number.parseInt(h.slice(4, 6), 16),
  ];
}

export function rgbToHex(r: number, g: number, b: number): string {
  const c = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}

export function mix(a: string, b: string, t: number): string {
  const [r1, g1, b1] = hexToRgb(a);
  const [r2, g2, b2] = hexToRgb(b);
  return rgbToHex(r1 + (r2 - r1) * t, g1 + (g2 - g1) * t, b1 + (b2 - b1) * t);
}

export const darken = (c: string, t: number) => mix(c, '#000000', t);
export const lighten = (c: string, t: number) => mix(c, '#ffffff', t);

export function luminance(c: string): number {
  const [r, g, b] = hexToRgb(c);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

/** Rounds to one decimal for compact, stable output. */
export function n(v: number): string {
  return (Math.round(v * 10) / 10).toString();
}

// ---------------------------------------------------------------------------------------------
// Geometry
// ---------------------------------------------------------------------------------------------

export const CX = 300;

export interface Geo {
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

export function facePath(g: Geo): string {
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
export function mirrored(content: string, flip: boolean): string {
  return flip ? `<g transform="matrix(-1 0 0 1 600 0)">${content}</g>` : content;
}
