// Lists, per locale, keys that are missing, extra or still English in the web catalogs: npx tsx scripts/i18n-report.ts
import { readFileSync } from 'node:fs';
import { compareCatalogs, flattenCatalog } from '../src/shared/locale-check';
import { sameAsEnglishAllowed } from '../src/shared/locale-same-as-english';
const L = ['nl', 'de', 'it', 'fr', 'es', 'pl', 'da', 'fi', 'nb', 'sv'];
const r = (p: string) => JSON.parse(readFileSync(p, 'utf8'));
for (const l of L)
  for (const ns of ['common', 'pages', 'auth', 'recovery', 'settings']) {
    const en = r(`src/web/locales/en/${ns}.json`);
    const o = r(`src/web/locales/${l}/${ns}.json`);
    const p = compareCatalogs(en, o, sameAsEnglishAllowed(l as never));
    const f = flattenCatalog(o);
    if (p.untranslated.length || p.missing.length || p.extra.length)
      console.log(l, ns, JSON.stringify({ u: p.untranslated.map((k) => `${k}=${f.get(k)}`), m: p.missing, e: p.extra }));
  }
