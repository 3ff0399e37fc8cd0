import { findScamPattern, normaliseForPatterns } from './scam-patterns';

/**
 * What a first message carries that dating scams use (issue 21, point 4): a known scam pattern (scam-patterns.ts),
 * an e-mail address, a link or a phone number. The recipient of such a first message sees a gentle warning with it,
 * and an automated report flags it for moderation. Pure: no database.
 */
export type SafetyFlag = 'scam' | 'email' | 'link' | 'phone';

const EMAIL = /[a-z0-9._%+-]+\s*(@|\(at\)|\[at\])\s*[a-z0-9-]+(\s*(\.|\(dot\)|\[dot\])\s*[a-z0-9-]+)+/;
const URL = /\b(https?:\/\/|www\.)\S+/;
/** a bare domain with a common top-level domain ("mysite.com/x"); "e.g." or "18.30" are not domains */
const DOMAIN =
  /\b[a-z0-9][a-z0-9-]{1,62}\.(com|net|org|info|biz|io|me|ly|co|xyz|link|site|online|app|club|live|top|ru|nl|de|it|fr|es|pl|dk|fi|no|se|eu|uk)\b(\/\S*)?/;
/** a run of digits with the usual separators; a phone number when it holds 8 to 15 digits */
const DIGIT_RUN = /(\+|\b00)?\d[\d\s()./-]{5,}\d/g;

function hasPhoneNumber(text: string): boolean {
  for (const m of text.matchAll(DIGIT_RUN)) {
    const digits = m[0].replace(/\D/g, '').length;
    if (digits >= 8 && digits <= 15) return true;
  }
  return false;
}

/** The strongest reason to warn about a message, or null: scam before e-mail before link before phone number. */
export function safetyFlagOf(text: string): SafetyFlag | null {
  if (findScamPattern(text)) return 'scam';
  const normal = normaliseForPatterns(text);
  if (EMAIL.test(normal)) return 'email';
  if (URL.test(normal) || DOMAIN.test(normal)) return 'link';
  if (hasPhoneNumber(normal)) return 'phone';
  return null;
}
