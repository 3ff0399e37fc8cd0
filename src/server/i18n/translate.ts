import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LOCALE, FALLBACK_LOCALE, LOCALES, type Locale } from '../../shared/locales';

/** Server-side texts (errors, interest and region labels), one JSON per locale. */
type Tree = { [key: string]: string | Tree };

const here = path.dirname(fileURLToPath(import.meta.url));
const dir = path.join(here, 'locales');
/** Texts both sides show (validation and account errors) live in src/shared/i18n/<locale>/<namespace>.json. */
const sharedDir = path.join(here, '../../shared/i18n');
const SHARED_NAMESPACES = ['validation', 'moderation'] as const;
const catalogs = new Map<Locale, Tree>();

function catalog(locale: Locale): Tree {
  let c = catalogs.get(locale);
  if (!c) {
    c = JSON.parse(readFileSync(path.join(dir, `${locale}.json`), 'utf8')) as Tree;
    for (const ns of SHARED_NAMESPACES) {
      c[ns] = JSON.parse(readFileSync(path.join(sharedDir, locale, `${ns}.json`), 'utf8')) as Tree;
    }
    catalogs.set(locale, c);
  }
  return c;
}

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** A key in one locale; with a numeric `count`, the plural form of the locale (`key_one`, `key_few`, `key_other`). */
function lookupIn(locale: Locale, key: string, count: unknown): string | undefined {
  const tree = catalog(locale);
  if (typeof count === 'number') {
    const form = new Intl.PluralRules(locale).select(count);
    const plural = lookup(tree, `${key}_${form}`) ?? lookup(tree, `${key}_other`);
    if (plural !== undefined) return plural;
  }
  return lookup(tree, key);
}

/**
 * Translates `key`, falling back to nl (the spec's fallback) and then English; `{{var}}` is interpolated; a numeric
 * `count` picks the plural form as i18next does (`_one`, `_few`, `_many`, `_other`).
 */
export function translate(locale: Locale, key: string, vars: Record<string, string | number> = {}): string {
  const text =
    lookupIn(locale, key, vars.count) ??
    lookupIn(FALLBACK_LOCALE, key, vars.count) ??
    lookupIn(DEFAULT_LOCALE, key, vars.count) ??
    key;
  return text.replace(/\{\{(\w+)\}\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}

export function loadAllCatalogs(): Record<Locale, Tree> {
  return Object.fromEntries(LOCALES.map((l) => [l, catalog(l)])) as Record<Locale, Tree>;
}
