import { describe, expect, it } from 'vitest';
import { signupsAllowed } from './signups-allowed';

describe('signupsAllowed', () => {
  it('follows the signups setting and the traffic source', () => {
    expect(signupsAllowed({ signups: 'all' }, false)).toBe(true);
    expect(signupsAllowed({ signups: 'with_trafficsource' }, false)).toBe(false);
    expect(signupsAllowed({ signups: 'with_trafficsource' }, true)).toBe(true);
    expect(signupsAllowed({ signups: 'none' }, true)).toBe(false);
  });
});
