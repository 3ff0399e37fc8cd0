import emailSpellChecker from '@zootools/email-spell-checker';

/** 'Did you mean …?' for a mistyped e-mail domain (gmial.com -> gmail.com), or undefined. */
export function suggestEmail(email: string): string | undefined {
  if (!email.includes('@')) return undefined;
  const result = emailSpellChecker.run({ email });
  return result?.full && result.full !== email ? result.full : undefined;
}
