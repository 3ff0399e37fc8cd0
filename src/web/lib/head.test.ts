import { describe, expect, it } from 'vitest';
import { buildTitle } from './head';

describe('page title', () => {
  it('is the page or profile name plus the site name, prefixed with unread messages plus new likes', () => {
    expect(buildTitle({ title: 'Sanne', siteName: 'Amora' })).toBe('Sanne - Amora');
    expect(buildTitle({ title: undefined, siteName: 'Amora' })).toBe('Amora');
    expect(buildTitle({ title: 'Sanne', siteName: 'Amora', count: 3 })).toBe('(3) Sanne - Amora');
    expect(buildTitle({ title: 'Sanne', siteName: 'Amora', count: 0 })).toBe('Sanne - Amora');
  });
});
