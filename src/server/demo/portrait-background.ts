/** The portrait backgrounds: gradient, sunset, wall, plants, bokeh, sky and studio. */

import { darken, lighten, mix, n, type Rng } from './portrait-kit';
import type { BackgroundKind } from './portrait-model';

// ---------------------------------------------------------------------------------------------
// Backgrounds
// ---------------------------------------------------------------------------------------------

export interface Part {
  defs: string;
  body: string;
}

export function leaf(x: number, y: number, len: number, w: number, angle: number, fill: string): string {
  return (
    `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)})">` +
    `<path d="M0 0 Q ${n(w)} ${n(-len / 2)} 0 ${n(-len)} Q ${n(-w)} ${n(-len / 2)} 0 0 Z" fill="${fill}"/>` +
    `<path d="M0 0 L 0 ${n(-len * 0.85)}" stroke="${lighten(fill, 0.25)}" stroke-width="2" opacity="0.5" fill="none"/>` +
    '</g>'
  );
}

export function background(rng: Rng, kind: BackgroundKind, id: string): Part {
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
