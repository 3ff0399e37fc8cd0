import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../../shared/schemas/accounts';
import { shouldShowFinishSignupBanner } from './FinishSignupBanner';

const member = (signup_step: number | null): CurrentUser => ({
  id: 1,
  email: 'anna@example.org',
  profile: { id: 1, name: 'Anna', main_image: null, country: 'NL', status: 'active' },
  credits: 0,
  paid_user: false,
  signup_date: '2026-01-01T00:00:00.000Z',
  language: 'en',
  fictional_icon: '',
  status: 'active',
  notifications_disabled: [],
  signup_step,
});

describe('shouldShowFinishSignupBanner', () => {
  it('shows while a signup step is left, anywhere but on the signup itself', () => {
    expect(shouldShowFinishSignupBanner(member(1), 'members', false)).toBe(true);
    expect(shouldShowFinishSignupBanner(member(4), 'profile', false)).toBe(true);
    for (const route of ['signup', 'members-id-signup', 'signup-matches'])
      expect(shouldShowFinishSignupBanner(member(2), route, false)).toBe(false);
  });

  it('not once the steps are done, not for visitors, not after it was dismissed this session', () => {
    expect(shouldShowFinishSignupBanner(member(null), 'members', false)).toBe(false);
    expect(shouldShowFinishSignupBanner(null, 'members', false)).toBe(false);
    expect(shouldShowFinishSignupBanner(undefined, 'members', false)).toBe(false);
    expect(shouldShowFinishSignupBanner(member(2), 'members', true)).toBe(false);
  });
});
