// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { InterestOption } from '../../../../shared/schemas/sites';
import profile from '../../../locales/en/profile.json';
import { renderWithKit, resetKit } from '../../../test/render-kit';
import { interestsQuery } from '../../site/api/interests';
import { InterestPicker } from './InterestPicker';

const OPTIONS: InterestOption[] = [
  { value: 'music', label: 'Music', icon: 'music-note' },
  { value: 'travel', label: 'Travel', icon: 'airplane' },
  { value: 'sports', label: 'Sports', icon: 'bicycle' },
  { value: 'cooking', label: 'Cooking', icon: 'egg-fried' },
] as InterestOption[];

afterEach(resetKit);

function Picker() {
  const [value, setValue] = useState<string[]>([]);
  return <InterestPicker value={value} onChange={setValue} legend="Interests" />;
}

async function show() {
  await renderWithKit({
    element: <Picker />,
    texts: { profile, common: { loading: 'Loading…' } },
    defaultNS: 'profile',
    cache: [[interestsQuery('en').queryKey, OPTIONS]],
  });
  return OPTIONS.map((o) => screen.getByTestId(`interest-${o.value}`));
}

const key = (el: HTMLElement, k: string) => fireEvent.keyDown(el, { key: k });

describe('InterestPicker', () => {
  it('is one Tab stop: only one chip is in the Tab order', async () => {
    const chips = await show();
    expect(chips.map((c) => c.tabIndex)).toEqual([0, -1, -1, -1]);
    // A group of toggle buttons, named by its legend, with how to use it in its description.
    const group = screen.getByRole('group', { name: 'Interests' });
    const hint = document.getElementById(group.getAttribute('aria-describedby')!.split(' ')[0]!);
    expect(hint?.textContent).toContain(profile.interests.keys);
    expect(chips.every((c) => c.getAttribute('aria-pressed') === 'false')).toBe(true);
  });

  it('moves with the arrow keys (round at the ends), Home and End, carrying the Tab stop along', async () => {
    const chips = await show();
    chips[0]!.focus();
    key(chips[0]!, 'ArrowRight');
    expect(document.activeElement).toBe(chips[1]);
    key(chips[1]!, 'ArrowDown');
    expect(document.activeElement).toBe(chips[2]);
    expect(chips.map((c) => c.tabIndex)).toEqual([-1, -1, 0, -1]);
    key(chips[2]!, 'End');
    expect(document.activeElement).toBe(chips[3]);
    key(chips[3]!, 'ArrowRight');
    expect(document.activeElement).toBe(chips[0]);
    key(chips[0]!, 'ArrowLeft');
    expect(document.activeElement).toBe(chips[3]);
    key(chips[3]!, 'Home');
    expect(document.activeElement).toBe(chips[0]);
    key(chips[0]!, 'ArrowUp');
    expect(document.activeElement).toBe(chips[3]);
  });

  it('toggles the chip that has focus (a button: Space and Enter click it)', async () => {
    const chips = await show();
    chips[0]!.focus();
    key(chips[0]!, 'ArrowRight');
    fireEvent.click(chips[1]!);
    expect(chips[1]!.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('group').textContent).toContain('1 interest chosen');
    fireEvent.click(chips[1]!);
    expect(chips[1]!.getAttribute('aria-pressed')).toBe('false');
  });
});
