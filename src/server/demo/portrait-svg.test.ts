import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEMO_BIO_SENTENCES, DEMO_COUNTRIES, DEMO_INTERESTS, demoPeople } from './demo-people';
import { portraitTraits, renderPortraitSvg } from './portrait-svg';

describe('renderPortraitSvg', () => {
  it('returns a standalone svg document with the 600x600 viewBox', () => {
    const svg = renderPortraitSvg({ seed: 1, gender: 'female', age: 30 });
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(svg).toContain('viewBox="0 0 600 600"');
    expect(svg).toContain('width="600" height="600"');
    // only plain, librsvg-friendly features
    expect(svg).not.toMatch(/<text|<foreignObject|<image|<filter|xlink:href|https?:\/\/(?!www\.w3\.org)/);
    expect(svg).not.toContain('NaN');
    expect(svg).not.toContain('undefined');
  });

  it('honours the size option while keeping the viewBox', () => {
    const svg = renderPortraitSvg({ seed: 1, gender: 'male', age: 30, size: 256 });
    expect(svg).toContain('width="256" height="256"');
    expect(svg).toContain('viewBox="0 0 600 600"');
  });

  it('is deterministic for the same seed', () => {
    const a = renderPortraitSvg({ seed: 42, gender: 'male', age: 45 });
    const b = renderPortraitSvg({ seed: 42, gender: 'male', age: 45 });
    expect(a).toBe(b);
    expect(portraitTraits({ seed: 42, gender: 'male', age: 45 })).toEqual(
      portraitTraits({ seed: 42, gender: 'male', age: 45 }),
    );
  });

  it('differs for different seeds', () => {
    const svgs = new Set<string>();
    for (let seed = 0; seed < 40; seed++) svgs.add(renderPortraitSvg({ seed, gender: 'female', age: 30 }));
    expect(svgs.size).toBe(40);
    expect(renderPortraitSvg({ seed: 7, gender: 'female', age: 30 })).not.toBe(
      renderPortraitSvg({ seed: 8, gender: 'female', age: 30 }),
    );
  });

  it('varies hair, clothing and backgrounds across many seeds', () => {
    const hair = new Set<string>();
    const clothes = new Set<string>();
    const backgrounds = new Set<string>();
    const skins = new Set<string>();
    for (let seed = 0; seed < 120; seed++) {
      const t = portraitTraits({ seed, gender: seed % 2 ? 'male' : 'female', age: 20 + (seed % 55) });
      hair.add(t.hairStyle);
      clothes.add(t.clothing);
      backgrounds.add(t.background);
      skins.add(t.skin);
    }
    expect(hair.size).toBeGreaterThanOrEqual(12);
    expect(clothes.size).toBeGreaterThanOrEqual(7);
    expect(backgrounds.size).toBe(7);
    expect(skins.size).toBeGreaterThanOrEqual(10);
  });

  it('makes grey hair more likely for older people', () => {
    let youngGrey = 0;
    let oldGrey = 0;
    for (let seed = 0; seed < 200; seed++) {
      if (portraitTraits({ seed, gender: 'female', age: 25 }).hairColorName === 'grey') youngGrey++;
      if (portraitTraits({ seed, gender: 'female', age: 70 }).hairColorName === 'grey') oldGrey++;
    }
    expect(youngGrey).toBe(0);
    expect(oldGrey).toBeGreaterThan(100);
  });

  it('follows optional profile hints', () => {
    for (let seed = 0; seed < 20; seed++) {
      const t = portraitTraits({ seed, gender: 'female', age: 30, hairColor: 'red', eyeColor: 'green' });
      expect(t.hairColorName).toBe('red');
      expect(t.irisColorName).toBe('green');
    }
    const large = renderPortraitSvg({ seed: 5, gender: 'female', age: 40, bodyType: 'large' });
    expect(large).not.toBe(renderPortraitSvg({ seed: 5, gender: 'female', age: 40, bodyType: 'slim' }));
  });

  it('renders with sharp to a 600x600 jpeg', async () => {
    for (const opts of [
      { seed: 3, gender: 'female' as const, age: 25 },
      { seed: 4, gender: 'male' as const, age: 68 },
    ]) {
      const svg = renderPortraitSvg(opts);
      const meta = await sharp(Buffer.from(svg))
        .jpeg()
        .toBuffer()
        .then((b) => sharp(b).metadata());
      expect(meta.format).toBe('jpeg');
      expect(meta.width).toBe(600);
      expect(meta.height).toBe(600);
    }
  });

  it('renders every demo person without librsvg errors', async () => {
    const people = demoPeople.slice(0, 24);
    for (const [i, p] of people.entries()) {
      const svg = renderPortraitSvg({ seed: 1000 + i, gender: p.gender, age: p.age, size: 120 });
      const meta = await sharp(Buffer.from(svg))
        .jpeg()
        .toBuffer()
        .then((b) => sharp(b).metadata());
      expect(meta.width).toBe(120);
    }
  });
});

describe('demoPeople', () => {
  it('has exactly 120 entries', () => {
    expect(demoPeople).toHaveLength(120);
  });

  it('has unique names per country, known countries and real-looking cities', () => {
    const seen = new Set<string>();
    for (const p of demoPeople) {
      const key = `${p.country}:${p.name}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
      const country = DEMO_COUNTRIES[p.country];
      expect(country, p.country).toBeDefined();
      expect(country?.cities).toContain(p.city);
      expect(p.name.length).toBeGreaterThan(1);
    }
    expect(new Set(demoPeople.map((p) => p.country)).size).toBe(19);
  });

  it('uses only valid interests, 3 to 7 each, without duplicates', () => {
    const valid = new Set<string>(DEMO_INTERESTS);
    for (const p of demoPeople) {
      expect(p.interests.length).toBeGreaterThanOrEqual(3);
      expect(p.interests.length).toBeLessThanOrEqual(7);
      expect(new Set(p.interests).size).toBe(p.interests.length);
      for (const i of p.interests) expect(valid.has(i), i).toBe(true);
    }
  });

  it('has the expected niche counts and niche rules', () => {
    const counts = new Map<number, number>();
    for (const p of demoPeople) counts.set(p.niche, (counts.get(p.niche) ?? 0) + 1);
    for (const niche of [2, 3, 4, 5, 6, 7]) expect(counts.get(niche) ?? 0).toBeGreaterThanOrEqual(8);
    const general = counts.get(1) ?? 0;
    for (const niche of [2, 3, 4, 5, 6, 7]) expect(general).toBeGreaterThan(counts.get(niche) ?? 0);
    expect(general).toBeGreaterThan(demoPeople.length / 2);

    for (const p of demoPeople) {
      if (p.niche === 2) {
        expect(p.gender).toBe('female');
        expect(p.seekingGender).toBe('female');
        expect(['lesbian', 'bi']).toContain(p.sexuality);
      }
      if (p.niche === 4) {
        expect(p.gender).toBe('female');
        expect(['curvy', 'large']).toContain(p.bodyType);
      }
      if (p.niche === 5) {
        expect(p.gender).toBe('female');
        expect(p.age).toBeGreaterThanOrEqual(60);
      }
      if (p.niche === 6) {
        expect(p.gender).toBe('female');
        expect(p.age).toBeGreaterThanOrEqual(38);
        expect(p.age).toBeLessThanOrEqual(55);
      }
      if (p.niche === 7) {
        expect(p.gender).toBe('male');
        expect(p.seekingGender).toBe('male');
        expect(['gay', 'bi']).toContain(p.sexuality);
      }
      if (p.niche === 1 || p.niche === 3) {
        expect(p.seekingGender).not.toBe(p.gender);
      }
    }
  });

  it('has a realistic spread of people', () => {
    const ages = demoPeople.map((p) => p.age);
    expect(Math.min(...ages)).toBe(19);
    expect(Math.max(...ages)).toBe(74);
    expect(demoPeople.some((p) => p.gender === 'male')).toBe(true);
    expect(demoPeople.some((p) => p.gender === 'female')).toBe(true);
    const fictional = demoPeople.filter((p) => p.fictional).length;
    expect(fictional).toBeGreaterThanOrEqual(8);
    expect(fictional).toBeLessThanOrEqual(16);
  });

  it('has warm, varied bios', () => {
    expect(new Set(DEMO_BIO_SENTENCES).size).toBeGreaterThanOrEqual(40);
    for (const [i, p] of demoPeople.entries()) {
      expect(p.about.length).toBeGreaterThan(20);
      const sentences = p.about.split(/(?<=[.!?])\s+/);
      expect(sentences.length).toBeGreaterThanOrEqual(1);
      expect(sentences.length).toBeLessThanOrEqual(3);
      expect(p.about).not.toMatch(/\{|\}/);
      if (i > 0) expect(p.about).not.toBe(demoPeople[i - 1]?.about);
    }
    expect(new Set(demoPeople.map((p) => p.about)).size).toBeGreaterThan(90);
  });
});
