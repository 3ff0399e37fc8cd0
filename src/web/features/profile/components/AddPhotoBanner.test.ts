import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../../shared/schemas/accounts';
import { shouldShowAddPhotoBanner } from './AddPhotoBanner';

const user = (mainImage: CurrentUser['profile']['main_image']): CurrentUser => ({
  id: 1,
  email: 'ann@example.com',
  profile: { id: 1, name: 'Ann', main_image: mainImage, country: 'NL', status: 'active' },
  credits: 0,
  paid_user: false,
  signup_date: '2024-01-01',
  language: 'en',
  fictional_icon: '',
  status: 'confirmed',
  notifications_disabled: [],
});
const image = { filename: '/m.jpg', thumb_filename: '/t.jpg', match: '/x.jpg', status: 'active' };

describe('shouldShowAddPhotoBanner', () => {
  it('shows for a signed-in member without a main photo', () => {
    expect(shouldShowAddPhotoBanner(user(null), 'members', false)).toBe(true);
    expect(shouldShowAddPhotoBanner(user(null), 'index', false)).toBe(true);
  });

  it('hides for visitors, members with a main photo and after dismissal', () => {
    expect(shouldShowAddPhotoBanner(null, 'members', false)).toBe(false);
    expect(shouldShowAddPhotoBanner(undefined, 'members', false)).toBe(false);
    expect(shouldShowAddPhotoBanner(user(image), 'members', false)).toBe(false);
    expect(shouldShowAddPhotoBanner(user(null), 'members', true)).toBe(false);
  });

  it.each([
    'profile',
    'signup',
    'members-id-signup',
    'activate-done',
    'premium',
    'notifications',
    'directdebit',
    'settings',
  ])('hides on route %s', (route) => {
    expect(shouldShowAddPhotoBanner(user(null), route, false)).toBe(false);
  });
});
