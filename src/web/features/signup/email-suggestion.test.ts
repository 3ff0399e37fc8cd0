import { describe, expect, it } from 'vitest';
import { suggestEmail } from './email-suggestion';

describe('suggestEmail', () => {
  it.each([
    ['gmial.con', 'gmail.com'],
    ['gmial.com', 'gmail.com'],
    ['gmail.con', 'gmail.com'],
    ['gmail.cm', 'gmail.com'],
    ['gmail.co', 'gmail.com'],
    ['gmai.com', 'gmail.com'],
    ['gamil.com', 'gmail.com'],
    ['gnail.com', 'gmail.com'],
    ['hotmial.com', 'hotmail.com'],
    ['hotmail.con', 'hotmail.com'],
    ['hotmal.nl', 'hotmail.nl'],
    ['hotmail.nll', 'hotmail.nl'],
    ['outlok.com', 'outlook.com'],
    ['outlook.cmo', 'outlook.com'],
    ['yaho.com', 'yahoo.com'],
    ['yahooo.de', 'yahoo.de'],
    ['iclod.com', 'icloud.com'],
    ['icloud.co', 'icloud.com'],
    ['gmx.ne', 'gmx.net'],
    ['zigo.nl', 'ziggo.nl'],
    ['liber.it', 'libero.it'],
  ])('suggests %s -> %s', (typo, domain) => {
    expect(suggestEmail(`anna@${typo}`)).toBe(`anna@${domain}`);
  });

  it.each([
    'gmail.com',
    'hotmail.co.uk',
    'gmx.net',
    'gmx.de',
    'web.de',
    't-online.de',
    'libero.it',
    'orange.fr',
    'wp.pl',
    'onet.pl',
    'o2.pl',
    'live.nl',
    'kpnmail.nl',
    'telenet.be',
    'online.no',
    'example.org',
    'uni-amsterdam.nl',
  ])('leaves %s alone', (domain) => {
    expect(suggestEmail(`anna@${domain}`)).toBeUndefined();
  });

  it('needs an @ before it suggests anything', () => {
    expect(suggestEmail('gmial.con')).toBeUndefined();
  });
});
