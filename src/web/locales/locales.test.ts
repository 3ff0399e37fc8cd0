import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compareCatalogs } from '../../shared/locale-check';
import { sameAsEnglishAllowed } from '../../shared/locale-same-as-english';
import { LOCALES } from '../../shared/locales';

const here = path.dirname(fileURLToPath(import.meta.url));
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as unknown;
const webNamespaces = readdirSync(path.join(here, 'en')).filter((f) => f.endsWith('.json'));
const serverDir = path.join(here, '../../server/i18n/locales');
const sharedDir = path.join(here, '../../shared/i18n');
const sharedNamespaces = readdirSync(path.join(sharedDir, 'en')).filter((f) => f.endsWith('.json'));

describe.each(LOCALES.filter((l) => l !== 'en'))('locale %s', (locale) => {
  it.each(webNamespaces)('web namespace %s has every key, translated', (ns) => {
    const problems = compareCatalogs(
      read(path.join(here, 'en', ns)),
      read(path.join(here, locale, ns)),
      sameAsEnglishAllowed(locale),
    );
    expect(problems).toEqual({ missing: [], extra: [], untranslated: [], empty: [] });
  });

  it.each(sharedNamespaces)('shared namespace %s has every key, translated', (ns) => {
    const problems = compareCatalogs(
      read(path.join(sharedDir, 'en', ns)),
      read(path.join(sharedDir, locale, ns)),
      sameAsEnglishAllowed(locale),
    );
    expect(problems).toEqual({ missing: [], extra: [], untranslated: [], empty: [] });
  });

  it('server catalog has every key, translated', () => {
    const problems = compareCatalogs(
      read(path.join(serverDir, 'en.json')),
      read(path.join(serverDir, `${locale}.json`)),
      sameAsEnglishAllowed(locale),
    );
    expect(problems).toEqual({ missing: [], extra: [], untranslated: [], empty: [] });
  });
});

describe("the spec's Dutch texts", () => {
  it('are the exact nl wording', () => {
    const nl = read(path.join(serverDir, 'nl.json')) as { errors: Record<string, string> };
    expect(nl.errors.generic).toBe('Er is een fout opgetreden, probeer het later opnieuw.');
    expect(nl.errors.generic_short).toBe('Er is een fout opgetreden.');
    expect(nl.errors.insufficient_credits).toBe('Je hebt onvoldoende credits');
    const v = read(path.join(sharedDir, 'nl', 'validation.json')) as Record<string, string>;
    expect(v).toMatchObject({
      email_invalid: 'Ongeldige e-mail',
      email_new_invalid: 'Nieuw e-mailadres invalide.',
      email_in_use: 'Dit e-mailadres heeft al een account op deze site.',
      email_exists: 'Er bestaat al een account met dit e-mailadres',
      name_equals_email: 'Je profielnaam moet anders zijn dan je e-mailadres',
      name_starts_with_at: 'Je profielnaam mag niet beginnen met een @',
      birth_date_required: 'Vul uw geboortedatum in ({{min_age}}+ jaar)',
      birth_date_invalid: 'Ongeldige geboortedatum.',
      passwords_differ: 'De opgegeven wachtwoorden zijn niet gelijk.',
      old_password_wrong: 'Controleer je oude wachtwoord.',
      login_failed: 'Login mislukt, probeer opnieuw',
      login_locked: 'Te veel foute pogingen, account voor {{minutes}} min geblokkeerd.',
      reset_email_not_found: 'E-mailadres niet gevonden',
      reset_link_invalid: 'Link verlopen of invalide, vraag een nieuwe e-mail aan',
      reset_too_many: 'Te veel wachtwoordherstel mails verstuurd, probeer het morgen nog eens.',
      activation_failed: 'Activeren mislukt',
      generic: 'Er is een fout opgetreden, probeer het later opnieuw.',
      generic_short: 'Er is een fout opgetreden.',
    });
  });
});
