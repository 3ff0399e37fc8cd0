/** Checks translation catalogs: same keys as English in every locale, and no English text left untranslated. */
export type Catalog = { [key: string]: unknown };

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

export function flattenCatalog(obj: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (obj && typeof obj === 'object') {
    for (const [k, v] of Object.entries(obj as Catalog)) {
      const key = prefix ? `${prefix}.${k}` : k;
      if (v && typeof v === 'object') for (const [kk, vv] of flattenCatalog(v, key)) out.set(kk, vv);
      else out.set(key, String(v));
    }
  }
  return out;
}

/** Plural forms differ per language (pl has _few and _many): compare keys without their plural suffix. */
export function baseKeys(flat: Map<string, string>): Set<string> {
  return new Set([...flat.keys()].map((k) => k.replace(PLURAL_SUFFIX, '')));
}

export interface CatalogProblems {
  missing: string[];
  extra: string[];
  untranslated: string[];
  empty: string[];
}

/**
 * `sameAllowed` lists values that may legitimately equal the English text (brand names, words that are the same
 * in both languages); values made only of placeholders, numbers and punctuation are always allowed.
 */
export function compareCatalogs(
  en: unknown,
  other: unknown,
  sameAllowed: ReadonlySet<string>,
): CatalogProblems {
  const e = flattenCatalog(en);
  const o = flattenCatalog(other);
  const eb = baseKeys(e);
  const ob = baseKeys(o);
  const missing = [...eb].filter((k) => !ob.has(k));
  const extra = [...ob].filter((k) => !eb.has(k));
  const untranslated: string[] = [];
  const empty: string[] = [];
  for (const [k, v] of o) {
    if (v.trim() === '') empty.push(k);
    const english = e.get(k);
    if (english === undefined || english !== v) continue;
    const bare = v.replace(/\{\{\w+\}\}/g, '').replace(/[\s\d.,:;!?()+\-–—/%…·'"]/g, '');
    const core = v
      .replace(/\{\{\w+\}\}/g, '')
      .replace(/^[\s\d.]+/, '')
      .trim();
    if (bare === '' || sameAllowed.has(v) || sameAllowed.has(core)) continue;
    untranslated.push(k);
  }
  return { missing, extra, untranslated, empty };
}
