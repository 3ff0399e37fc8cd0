/** The portrait hair styles, in front of and behind the head. */

import { CX, type Geo, mirrored, n, type Rng } from './portrait-kit';
import type { HairStyle } from './portrait-model';

// ---------------------------------------------------------------------------------------------
// Hair
// ---------------------------------------------------------------------------------------------

export interface HairParts {
  /** Behind the head and body. */
  back: string;
  /** In front of the face sides / shoulders, drawn after the face. */
  locks: string;
  /** The hair cap over the top of the head, drawn last. */
  front: string;
  /** Sides (-1 left, 1 right) whose ear is hidden by hair. */
  coveredSides: number[];
}

export interface HairColors {
  base: string;
  shade: string;
  light: string;
}

export function capOuter(R: number, hairTop: number, cy0: number): string {
  const Ry = cy0 - hairTop;
  return `M ${n(CX - R)} ${n(cy0)} A ${n(R)} ${n(Ry)} 0 0 1 ${n(CX + R)} ${n(cy0)}`;
}

/** Short hairline with temples, from the right sideburn round to the left one. */
export function cropHairline(g: Geo, lift: number, side: number): string {
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

export function curlsAlongEllipse(
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

export function curlTexture(
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

export function hair(rng: Rng, style: HairStyle, g: Geo, c: HairColors, flip: boolean): HairParts {
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
