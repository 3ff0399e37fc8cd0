import emailSpellChecker from '@zootools/email-spell-checker';
import { EMAIL_DOMAINS, EMAIL_SECOND_LEVEL_DOMAINS, EMAIL_TOP_LEVEL_DOMAINS } from './email-domains';

/** 'Did you mean …?' for a mistyped e-mail domain (gmial.con -> gmail.com), or undefined. */
export function suggestEmail(email: string): string | undefined {
  if (!email.includes('@')) return undefined;
  const result = emailSpellChecker.run({
    email,
    domains: [...EMAIL_DOMAINS],
    topLevelDomains: [...EMAIL_TOP_LEVEL_DOMAINS],
    secondLevelDomains: [...EMAIL_SECOND_LEVEL_DOMAINS],
  });
  return result?.full && result.full !== email.toLowerCase() ? result.full : undefined;
}
