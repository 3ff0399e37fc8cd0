import { describe, expect, it } from 'vitest';
import { safetyFlagOf } from './message-safety';
import { findScamPattern, SCAM_PATTERNS } from './scam-patterns';

// One real-looking first message per language and kind; each must be caught by a pattern of that kind.
const SCAMS: [string, string, string][] = [
  ['en', 'money', 'Hi dear, could you send me money for my flight? I will pay back'],
  ['en', 'gift_card', 'Buy me an iTunes card and send the code please'],
  ['en', 'crypto', 'I earn a lot with crypto trading, let me show you'],
  ['en', 'off_platform', 'I am rarely here, add me on WhatsApp'],
  ['nl', 'money', 'Schat, kun je me wat geld sturen? Ik heb geld nodig voor de huur'],
  ['nl', 'gift_card', 'Koop je een cadeaukaart voor mij?'],
  ['de', 'money', 'Kannst du mir Geld überweisen? Ich brauche dringend Geld'],
  ['de', 'gift_card', 'Schick mir einen Gutschein von Amazon'],
  ['de', 'crypto', 'Ich investiere in Kryptowährungen, soll ich es dir zeigen?'],
  ['it', 'money', 'Amore, mandami dei soldi per il biglietto'],
  ['it', 'gift_card', 'Mi compri una carta regalo?'],
  ['fr', 'money', "Peux-tu m'envoyer de l'argent? J'ai besoin d'argent"],
  ['fr', 'gift_card', 'Achète-moi une carte cadeau Google Play'],
  ['fr', 'crypto', 'Je gagne beaucoup avec les cryptomonnaies'],
  ['es', 'money', 'Cariño, necesito dinero para el viaje'],
  ['es', 'gift_card', 'Cómprame una tarjeta de regalo'],
  ['es', 'crypto', 'Invierto en criptomonedas, te enseño'],
  ['pl', 'money', 'Kochanie, wyślij mi pieniądze na bilet'],
  ['pl', 'gift_card', 'Kup mi kartę podarunkową'],
  ['pl', 'crypto', 'Zarabiam na kryptowalutach'],
  ['da', 'money', 'Kan du overføre penge til mig? Jeg har brug for penge'],
  ['da', 'gift_card', 'Køb et gavekort til mig'],
  ['fi', 'money', 'Kulta, lähetä minulle rahaa lippua varten'],
  ['fi', 'gift_card', 'Ostatko minulle lahjakortin?'],
  ['fi', 'crypto', 'Sijoitan kryptovaluuttoihin'],
  ['nb', 'money', 'Kan du sende meg penger? Jeg trenger penger'],
  ['nb', 'gift_card', 'Kjøp et gavekort til meg'],
  ['sv', 'money', 'Älskling, kan du skicka pengar till mig? Jag behöver pengar'],
  ['sv', 'gift_card', 'Köp ett presentkort åt mig'],
  ['sv', 'off_platform', 'Skriv till mig på Telegram istället'],
  ['any', 'money', 'Send it by Western Union'],
  ['any', 'crypto', 'Just buy some Bitcoin'],
];

const HARMLESS = [
  'Hi! I love your photos from the mountains, do you hike often?',
  'Hallo, wat leuk dat je ook van koken houdt',
  'Hallo, ich bin 35 und 180 cm groß, magst du Hunde?',
  'Ciao, come stai? Sei di Milano?',
  'Salut, tu aimes le cinéma?',
  'Hola, ¿qué tal tu fin de semana?',
  'Cześć, lubisz podróże?',
  'Hej, skal vi tage en kop kaffe en dag?',
  'Moi, mitä kuuluu?',
  'Hei, liker du å gå på tur?',
  'Hej, vad gör du i helgen? Vi ses 18.30 kanske',
];

describe('scam patterns', () => {
  it.each(SCAMS)('%s %s: %s', (_lang, kind, text) => {
    expect(findScamPattern(text)?.kind).toBe(kind);
    expect(safetyFlagOf(text)).toBe('scam');
  });

  it.each(HARMLESS)('lets a harmless first message pass: %s', (text) => {
    expect(findScamPattern(text)).toBeUndefined();
    expect(safetyFlagOf(text)).toBeNull();
  });

  it('has patterns of every language of the product', () => {
    const langs = new Set(SCAM_PATTERNS.map((p) => p.lang));
    for (const l of ['en', 'nl', 'de', 'it', 'fr', 'es', 'pl', 'da', 'fi', 'nb', 'sv', 'any'])
      expect(langs.has(l as never)).toBe(true);
  });
});

describe('safetyFlagOf', () => {
  it('finds phone numbers in their usual spellings, not short numbers', () => {
    expect(safetyFlagOf('call me +31 6 1234 5678')).toBe('phone');
    expect(safetyFlagOf('mijn nummer is 06-12345678')).toBe('phone');
    expect(safetyFlagOf('ring (0049) 170 123 45 67')).toBe('phone');
    expect(safetyFlagOf('I am 35, 180 cm, live 20 km away')).toBeNull();
    expect(safetyFlagOf('born in 1990')).toBeNull();
  });

  it('finds e-mail addresses, also written with (at)', () => {
    expect(safetyFlagOf('write to anna.b@example.com')).toBe('email');
    expect(safetyFlagOf('anna (at) example (dot) com')).toBe('email');
  });

  it('finds links and bare domains', () => {
    expect(safetyFlagOf('see https://example.org/x')).toBe('link');
    expect(safetyFlagOf('see www.example.org')).toBe('link');
    expect(safetyFlagOf('visit my-profile.xyz for pics')).toBe('link');
    expect(safetyFlagOf('e.g. a walk, then dinner')).toBeNull();
  });

  it('names a scam before anything else the message carries', () => {
    expect(safetyFlagOf('add me on whatsapp +31 6 1234 5678')).toBe('scam');
  });
});
