import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compareCatalogs } from '../../../shared/locale-check';
import { sameAsEnglishAllowed } from '../../../shared/locale-same-as-english';
import { LOCALES, type Locale } from '../../../shared/locales';

/**
 * The console's texts (every namespace of every area): each of the 11 locales has every key of English, with the
 * same placeholders, and translated. Words of the console that really are the same in a language are listed here.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as unknown;
const namespaces = readdirSync(path.join(here, 'en')).filter((f) => f.endsWith('.json'));

/** Names that stay as they are in every language: tracking parameters (figures) and the classifier's classes (photos). */
const CONSOLE_SAME_EVERYWHERE = ['Ref', 'Sub 1', 'Sub 2', 'Sub 3', 'Hentai'];

const CONSOLE_SAME: Partial<Record<Locale, string[]>> = {
  nl: [
    'Moderator',
    'Console',
    'Menu',
    'Status',
    'Code',
    'Filters',
    'Open',
    'site {{id}}',
    'Sites',
    'Site {{name}}',
    'Niche',
    'Site',
    'Site {{domain}}',
    'Sexy',
  ],
  de: [
    'Moderator',
    'Administrator',
    'Name',
    'Status',
    'Code',
    'Filter',
    'Domain',
    'Region',
    'Information',
    'Sexy',
    'Neutral',
  ],
  it: ['Staff', 'Console', 'Menu', 'Password', 'Home', 'No', 'Sexy'],
  fr: [
    'site {{id}}',
    'site',
    'Console',
    'Menu',
    'Code',
    'Actions',
    'Invitations',
    'Pages',
    'Page {{page}}',
    'Action',
    'Date',
    '{{count}} photo',
    '{{count}} photos',
    'Sites',
    'Site {{name}}',
    'Robot',
    'Information',
    'Style 2',
    'Site',
    'Confirmations',
    'Messages',
    'Total',
    'Photos',
    'Site {{domain}}',
    'Sexy',
  ],
  es: ['Moderador', 'No', 'Robot', 'Total', 'Sexy'],
  pl: ['Moderator', 'Administrator', 'Menu', 'Start', 'Region', 'Robot', 'Sexy'],
  da: [
    'Moderator',
    'Administrator',
    'Menu',
    'Start',
    'Status',
    'site {{id}}',
    'Filtrer',
    'Send invitation',
    'Niche',
    'Region',
    'Robot',
    'Information',
    'Site',
    'Neutral',
  ],
  fi: [],
  nb: ['Moderator', 'Administrator', 'Start', 'Status', 'Region', 'Robot', 'Sexy'],
  sv: [
    'Moderator',
    'Start',
    'Status',
    'Filter',
    'Region',
    'Mask',
    'Robot',
    'Information',
    'Order',
    'Neutral',
    'Explicit',
  ],
};

describe.each(LOCALES.filter((l) => l !== 'en'))('console locale %s', (locale) => {
  it.each(namespaces)('namespace %s has every key, translated', (ns) => {
    const allowed = new Set([
      ...sameAsEnglishAllowed(locale),
      ...CONSOLE_SAME_EVERYWHERE,
      ...(CONSOLE_SAME[locale] ?? []),
    ]);
    const problems = compareCatalogs(
      read(path.join(here, 'en', ns)),
      read(path.join(here, locale, ns)),
      allowed,
    );
    expect(problems).toEqual({ missing: [], extra: [], untranslated: [], empty: [] });
  });
});
