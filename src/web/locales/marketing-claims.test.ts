import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../../shared/locales';

/**
 * The marketing copy (landing page, landers, member landing pages, premium and offers) never claims what the data
 * cannot show (docs/decisions.md, "The /landers designs"): no "real"/"genuine" members or matches (a site may show
 * fictional profiles) and no "online now" (showcase cards carry no presence).
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const load = (lng: Locale, ns: string) =>
  JSON.parse(readFileSync(path.join(here, lng, `${ns}.json`), 'utf8')) as Record<string, unknown>;

function strings(node: unknown, out: string[] = []): string[] {
  if (typeof node === 'string') out.push(node);
  else if (node && typeof node === 'object') for (const v of Object.values(node)) strings(v, out);
  return out;
}

const marketing = (lng: Locale) => [
  ...strings(load(lng, 'common').landing),
  ...strings(load(lng, 'landers')),
  ...strings(load(lng, 'member-landing')),
  ...strings((load(lng, 'payments') as { premium: unknown }).premium),
  ...strings(load(lng, 'discounts')),
];

/** "Real/genuine" and "online now" in each language, as whole words. */
const CLAIMS: Record<Locale, RegExp> = {
  en: /\b(real|genuine|online now)\b/i,
  nl: /\b(echte?|nu online)\b/i,
  de: /\b(echte?[nrs]?|jetzt online)\b/i,
  fr: /\b(vrai[es]*|réel(le)?s?|en ligne maintenant)\b/i,
  it: /\b(ver[oiae]|reali?|online ora|ora online)\b/i,
  es: /\b(de verdad|reales?|en línea ahora|conectad[oa]s? ahora)\b/i,
  pl: /(prawdziw\p{L}*|teraz online)/iu,
  da: /(ægte|online nu)/i,
  fi: /(aito\p{L}*|nyt paikalla|nyt verkossa)/iu,
  nb: /\b(ekte|pålogget nå|online nå)\b/i,
  sv: /(riktiga?|äkta|online nu)/i,
};

describe('marketing copy', () => {
  for (const lng of LOCALES) {
    it(`claims no real members and no one online now (${lng})`, () => {
      const texts = marketing(lng);
      expect(texts.length).toBeGreaterThan(50);
      expect(texts.filter((s) => CLAIMS[lng].test(s))).toEqual([]);
    });
  }
});
