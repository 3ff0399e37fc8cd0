/** The portrait face features: eyes, brows, nose, mouth, beards and glasses. */

import { CX, darken, type Geo, n } from './portrait-kit';
import type { BeardStyle } from './portrait-model';

// ---------------------------------------------------------------------------------------------
// Face features
// ---------------------------------------------------------------------------------------------

export function eyes(
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

export function brows(g: Geo, color: string, thickness: number, arch: number, tilt: number): string {
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

export function nose(g: Geo, kind: number, color: string): string {
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

export function mouth(
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

export function beardShapes(g: Geo, style: BeardStyle, color: string): { under: string; over: string } {
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

export function glassesSvg(g: Geo, shape: 'round' | 'rect' | 'soft', color: string): string {
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
