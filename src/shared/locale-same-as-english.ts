import type { Locale } from './locales';

/**
 * Texts that may equal the English one: brand names and words that really are the same in a language. Matched
 * against the whole value, or the value without placeholders and leading numbering ("13. Cookies" -> "Cookies").
 * The locale tests fail for any other value still equal to English.
 */
const EVERY_LOCALE = ['FAQ', 'Premium', 'Sushi', 'Amora', 'IBAN'];

const PER_LOCALE: Partial<Record<Locale, string[]>> = {
  nl: [
    'Later',
    'Contract',
    'Postcode',
    'Man',
    'Likes',
    'likes',
    'like',
    'chat',
    'chats',
    'Credits',
    'Privacy',
    'Disclaimer',
    'Contact',
    'credit',
    'credits',
    'Cookies',
    'Tattoos',
    'Sex',
    'Bondage',
    'Lingerie',
    'Massages',
    'Party',
  ],
  de: [
    'Likes',
    'Credits',
    'Masturbation',
    'Cookies',
    'Sushi',
    'Tattoos',
    'Bondage',
    'Sex',
    'Region',
    'Lingerie',
    'Shopping',
  ],
  fr: [
    'Date',
    'Notifications',
    'Orientation',
    'Gay',
    'Messages',
    'Message',
    'Likes',
    'like',
    'likes',
    'e-mail',
    'e-mails',
    'Province',
    'Canton',
    'Masturbation',
    'Shopping',
    'Cookies',
    'Massages',
    'Lingerie',
    'Art',
    'Barbecue',
    'Bondage',
    'Sex',
    'Region',
  ],
  it: ['e-mail', 'Password', 'Gay', 'Like', 'like', 'chat', 'Shopping', 'Bondage', 'Sex', 'Sushi', 'Tattoos'],
  es: ['Gay', 'Bisexual', 'Cookies', 'Error', 'Bondage', 'Sex', 'chat', 'chats'],
  da: [
    'Reference',
    'Cookies',
    'Shopping',
    'Bondage',
    'Sex',
    'Region',
    'Tattoos',
    'chat',
    'chats',
    'like',
    'likes',
  ],
  nb: ['Shopping', 'Bondage', 'Sex', 'Region', 'Tattoos', 'chat', 'like'],
  sv: ['Cookies', 'Shopping', 'Gym', 'Sadomasochism', 'Bondage', 'Sex', 'Region', 'Tattoos'],
  fi: ['Bondage', 'Sushi'],
  pl: ['Bondage', 'Sex', 'Sushi', 'Region'],
};

export function sameAsEnglishAllowed(locale: Locale): ReadonlySet<string> {
  return new Set([...EVERY_LOCALE, ...(PER_LOCALE[locale] ?? [])]);
}
