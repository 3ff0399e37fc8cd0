// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ProgressBar } from './ProgressBar';

afterEach(cleanup);

const bar = () => screen.getByRole('progressbar', { name: 'Uploading' });
const fill = () => bar().querySelector<HTMLElement>('.progress-bar')!;

describe('ProgressBar', () => {
  it('fills to value / max through the --progress custom property and follows changes', () => {
    const { rerender } = render(
      <ProgressBar value={40} label="Uploading" className="mb-3">
        40%
      </ProgressBar>,
    );
    expect(bar().className).toBe('progress mb-3');
    expect(bar().getAttribute('aria-valuenow')).toBe('40');
    expect(fill().style.getPropertyValue('--progress')).toBe('40%');
    expect(fill().textContent).toBe('40%');

    rerender(<ProgressBar value={2} min={1} max={4} label="Uploading" />);
    expect(fill().style.getPropertyValue('--progress')).toBe('50%');
    expect([bar().getAttribute('aria-valuemin'), bar().getAttribute('aria-valuemax')]).toEqual(['1', '4']);
  });
});
