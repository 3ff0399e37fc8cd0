// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { captureTrackingParams, hasTrafficSource, storedTracking } from './tracking';

describe('tracking parameters', () => {
  beforeEach(() => {
    localStorage.clear();
    history.replaceState(null, '', '/');
  });

  it('stores network, ref, sub and aff_ aliases and strips them from the URL, keeping other parameters', () => {
    history.replaceState(null, '', '/members?network=n1&ref=r&sub1=a&aff_sub2=b&cpc=0.5&t=3#x');
    const data = captureTrackingParams();
    expect(data).toEqual({ network: 'n1', ref: 'r', sub1: 'a', aff_sub2: 'b', cpc: '0.5' });
    expect(location.pathname + location.search + location.hash).toBe('/members?t=3#x');
    expect(storedTracking()).toEqual(data);
    expect(hasTrafficSource('')).toBe(true);
  });

  it('keeps earlier values and has no traffic source without a network', () => {
    history.replaceState(null, '', '/?ref=first');
    captureTrackingParams();
    history.replaceState(null, '', '/?sub3=later');
    expect(captureTrackingParams()).toEqual({ ref: 'first', sub3: 'later' });
    expect(hasTrafficSource('')).toBe(false);
    expect(hasTrafficSource('?network=x')).toBe(true);
  });
});
