// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSignupDrafts, useStepDraft } from './step-draft';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe('useStepDraft', () => {
  it('keeps what was typed for the next mount (a reload) until it is cleared', () => {
    const first = renderHook(() => useStepDraft('about', () => ({ about: '', interests: [] as string[] })));
    act(() => first.result.current[1]((d) => ({ ...d, about: 'Coffee and canals' })));
    first.unmount();

    const second = renderHook(() => useStepDraft('about', () => ({ about: '', interests: [] as string[] })));
    expect(second.result.current[0]).toEqual({ about: 'Coffee and canals', interests: [] });
    act(() => second.result.current[2]());
    second.unmount();

    const third = renderHook(() => useStepDraft('about', () => ({ about: '', interests: [] as string[] })));
    expect(third.result.current[0].about).toBe('');
  });

  it('starts from the defaults for what the draft does not have; clearSignupDrafts forgets every step', () => {
    const a = renderHook(() => useStepDraft('personal', () => ({ country: 'NL', city: '' })));
    act(() => a.result.current[1]((d) => ({ ...d, city: 'Utrecht' })));
    sessionStorage.setItem('other', 'kept');
    clearSignupDrafts();
    a.unmount();
    const b = renderHook(() => useStepDraft('personal', () => ({ country: 'NL', city: '' })));
    expect(b.result.current[0]).toEqual({ country: 'NL', city: '' });
    expect(sessionStorage.getItem('other')).toBe('kept');
  });
});
