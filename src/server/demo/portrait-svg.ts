/**
 * Deterministic, self-contained SVG portrait generator for demo profiles.
 *
 * Produces a flat-illustration head-and-shoulders avatar (always fully clothed) from a numeric seed.
 * Only plain SVG features that librsvg (sharp) renders are used: paths, circles, ellipses, rects,
 * linear/radial gradients, clip paths, groups, transforms and opacity. No text, fonts, filters or
 * external references.
 *
 * This file chooses the traits and assembles the picture; its parts are drawn by portrait-background,
 * portrait-clothing, portrait-hair and portrait-face, with the tools of portrait-kit and the types and colours of
 * portrait-model.
 */

import { background } from './portrait-background';
import { clothing, scarf } from './portrait-clothing';
import { beardShapes, brows, eyes, glassesSvg, mouth, nose } from './portrait-face';
import { type HairColors, hair } from './portrait-hair';
import { CX, darken, facePath, type Geo, lighten, luminance, mix, n, Rng } from './portrait-kit';
import {
  type BackgroundKind,
  type BeardStyle,
  type ClothingKind,
  type HairStyle,
  type PortraitOptions,
  type PortraitTraits,
  portraitPalette,
} from './portrait-model';

export type { PortraitGender, PortraitOptions, PortraitTraits } from './portrait-model';

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
