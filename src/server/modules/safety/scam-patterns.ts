/**
 * The known scam patterns of dating chat (issue 21, point 4), in the 11 languages of the product, in one place. Each
 * pattern is matched against the message normalised by `normaliseForPatterns` (lower case, accents removed, ł ø æ ß
 * spelt out, runs of white space as one space), so the patterns are written without accents.
 *
 * Kinds: money (asking for money or a transfer), gift_card, crypto (crypto currencies and "investment" offers),
 * off_platform (moving the talk to WhatsApp, Telegram and the like, where moderation cannot follow).
 */
export type ScamKind = 'money' | 'gift_card' | 'crypto' | 'off_platform';

export interface ScamPattern {
  kind: ScamKind;
  /** the language the words are from; 'any' for brand names used in every language */
  lang: 'any' | 'en' | 'nl' | 'de' | 'it' | 'fr' | 'es' | 'pl' | 'da' | 'fi' | 'nb' | 'sv';
  pattern: RegExp;
}

export const SCAM_PATTERNS: readonly ScamPattern[] = [
  // Moving off the platform: the messenger names are the same in every language.
  {
    kind: 'off_platform',
    lang: 'any',
    pattern: /\b(whats ?app|watsapp|whatsap|telegram|viber|wechat|kik messenger)\b/,
  },
  { kind: 'off_platform', lang: 'any', pattern: /\b(wa\.me|t\.me)\b/ },
  // Money transfer services and payment apps named as such.
  { kind: 'money', lang: 'any', pattern: /\b(western union|moneygram|paysafe ?card|ria money|worldremit)\b/ },
  // Crypto currencies and investment offers.
  { kind: 'crypto', lang: 'any', pattern: /\b(bitcoins?|btc|usdt|ethereum|binance|coinbase|forex)\b/ },
  {
    kind: 'crypto',
    lang: 'en',
    pattern: /\b(crypto ?(currency|currencies|coins?|trading|investment)?|investment platform)\b/,
  },
  { kind: 'crypto', lang: 'nl', pattern: /\b(crypto ?munt(en)?|cryptovaluta|beleggingsplatform)\b/ },
  {
    kind: 'crypto',
    lang: 'de',
    pattern: /\b(krypto ?(wahrung(en)?|handel)?|kryptowahrung(en)?|anlageplattform)\b/,
  },
  { kind: 'crypto', lang: 'it', pattern: /\b(criptovalut[ae]|cripto)\b/ },
  { kind: 'crypto', lang: 'fr', pattern: /\b(crypto ?monnaies?|cryptomonnaies?)\b/ },
  { kind: 'crypto', lang: 'es', pattern: /\b(criptomonedas?|cripto)\b/ },
  { kind: 'crypto', lang: 'pl', pattern: /\b(kryptowalut\w*|krypto)\b/ },
  { kind: 'crypto', lang: 'da', pattern: /\b(kryptovaluta(er)?)\b/ },
  { kind: 'crypto', lang: 'fi', pattern: /\bkryptovaluut\w*/ },
  { kind: 'crypto', lang: 'nb', pattern: /\b(kryptovaluta(er)?)\b/ },
  { kind: 'crypto', lang: 'sv', pattern: /\b(kryptovaluta(or)?)\b/ },
  // Gift cards.
  {
    kind: 'gift_card',
    lang: 'en',
    pattern: /\b(gift ?cards?|(itunes|steam|google play|amazon|apple) cards?|vouchers?)\b/,
  },
  { kind: 'gift_card', lang: 'nl', pattern: /\b(cadeau ?kaart(en)?|cadeau ?bon(nen)?|waardebon(nen)?)\b/ },
  { kind: 'gift_card', lang: 'de', pattern: /\b(geschenk ?karten?|gutscheine?|guthabenkarten?)\b/ },
  {
    kind: 'gift_card',
    lang: 'it',
    pattern: /\b(carta regalo|carte regalo|buono regalo|buoni regalo|gift card)\b/,
  },
  { kind: 'gift_card', lang: 'fr', pattern: /\b(cartes? cadeaux?|cartes?-cadeaux?|bons? d'achat)\b/ },
  { kind: 'gift_card', lang: 'es', pattern: /\b(tarjetas? (de )?regalo)\b/ },
  { kind: 'gift_card', lang: 'pl', pattern: /\b(kart[aey] podarunkow[aey]|bon podarunkowy)\b/ },
  { kind: 'gift_card', lang: 'da', pattern: /\b(gavekort(et)?)\b/ },
  { kind: 'gift_card', lang: 'fi', pattern: /\b(lahjakort(ti|in|teja))\b/ },
  { kind: 'gift_card', lang: 'nb', pattern: /\b(gavekort(et)?)\b/ },
  { kind: 'gift_card', lang: 'sv', pattern: /\b(presentkort(et)?)\b/ },
  // Asking for money.
  {
    kind: 'money',
    lang: 'en',
    pattern:
      /\b(send (me )?(some )?money|wire (me )?(the )?money|lend me|need (some )?money|bank transfer|pay for my (ticket|flight|visa))\b/,
  },
  {
    kind: 'money',
    lang: 'nl',
    pattern:
      /\b(stuur (me |mij )?(wat )?geld|geld (over ?maken|sturen|lenen)|leen me|heb geld nodig|bankoverschrijving)\b/,
  },
  {
    kind: 'money',
    lang: 'de',
    pattern:
      /\b(schick(e|st)? mir (etwas )?geld|geld (schicken|uberweisen|leihen)|leih mir|brauche (dringend )?geld|uberweisung)\b/,
  },
  {
    kind: 'money',
    lang: 'it',
    pattern:
      /\b((mandami|inviami|mandarmi|inviarmi) (dei |un po di )?soldi|ho bisogno di soldi|prestami|bonifico)\b/,
  },
  {
    kind: 'money',
    lang: 'fr',
    pattern:
      /\b(envoie(-| )?moi (de l'|de l )?argent|envoyer de l'argent|besoin d'argent|prete(-| )moi|virement)\b/,
  },
  {
    kind: 'money',
    lang: 'es',
    pattern:
      /\b(enviame (algo de )?dinero|mandame (algo de )?dinero|necesito dinero|prestame|transferencia bancaria)\b/,
  },
  {
    kind: 'money',
    lang: 'pl',
    pattern: /\b(wyslij mi (troche )?pieniadze|przelej mi|potrzebuje pieniedzy|pozycz mi|przelew)\b/,
  },
  {
    kind: 'money',
    lang: 'da',
    pattern: /\b(send (mig )?(nogle )?penge|overfor (nogle )?penge|laan mig|lan mig|har brug for penge)\b/,
  },
  {
    kind: 'money',
    lang: 'fi',
    pattern: /\b(laheta (minulle )?rahaa|tarvitsen rahaa|lainaa minulle|tilisiirto)\b/,
  },
  {
    kind: 'money',
    lang: 'nb',
    pattern: /\b(send (meg )?(noen )?penger|overfor (noen )?penger|lan meg|trenger penger)\b/,
  },
  {
    kind: 'money',
    lang: 'sv',
    pattern: /\b(skicka (mig )?(lite )?pengar|behover pengar|lana mig|swisha mig)\b/,
  },
];

/** Lower case, accents removed (also ł ø æ ß, which Unicode does not decompose), white space collapsed. */
export function normaliseForPatterns(text: string): string {
  return text
    .toLowerCase()
    .replace(/ł/g, 'l')
    .replace(/ø/g, 'o')
    .replace(/æ/g, 'ae')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’`´]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first known scam pattern in the text, or undefined. */
export function findScamPattern(text: string): ScamPattern | undefined {
  const normal = normaliseForPatterns(text);
  return SCAM_PATTERNS.find((p) => p.pattern.test(normal));
}
