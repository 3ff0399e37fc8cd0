/** The portrait clothing: the torso, necklines, collars and the scarf. */

import { CX, darken, type Geo, lighten, luminance, n, type Rng } from './portrait-kit';
import type { ClothingKind } from './portrait-model';

// ---------------------------------------------------------------------------------------------
// Clothing
// ---------------------------------------------------------------------------------------------

export interface ClothingParts {
  /** Drawn before the neck (e.g. the back of a hood). */
  behind: string;
  front: string;
  defs: string;
}

export function torsoPath(g: Geo, neckline: string): string {
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

export function crewNeckline(g: Geo, depth = 38): string {
  return `Q ${CX} ${n(g.base + depth)} ${n(CX + g.nw + 4)} ${n(g.base)}`;
}

export function armLines(g: Geo, color: string): string {
  const { sx } = g;
  return (
    `<path d="M ${n(CX - sx + 38)} 492 Q ${n(CX - sx + 46)} 545 ${n(CX - sx + 44)} 600" stroke="${color}" stroke-width="3" fill="none" opacity="0.35" stroke-linecap="round"/>` +
    `<path d="M ${n(CX + sx - 38)} 492 Q ${n(CX + sx - 46)} 545 ${n(CX + sx - 44)} 600" stroke="${color}" stroke-width="3" fill="none" opacity="0.35" stroke-linecap="round"/>`
  );
}

export function shirtCollar(g: Geo, color: string, line: string): string {
  const { nw, base: b } = g;
  const left = `M ${n(CX - nw - 3)} ${n(b - 12)} L ${n(CX - 2)} ${n(b + 46)} L ${n(CX - 30)} ${n(b + 66)} L ${n(CX - nw - 18)} ${n(b + 4)} Z`;
  const right = `M ${n(CX + nw + 3)} ${n(b - 12)} L ${n(CX + 2)} ${n(b + 46)} L ${n(CX + 30)} ${n(b + 66)} L ${n(CX + nw + 18)} ${n(b + 4)} Z`;
  return `<path d="${left}" fill="${color}" stroke="${line}" stroke-width="2" stroke-linejoin="round"/><path d="${right}" fill="${color}" stroke="${line}" stroke-width="2" stroke-linejoin="round"/>`;
}

export function clothing(
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

export function scarf(rng: Rng, g: Geo, color: string): string {
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
