// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BusyButton } from './BusyButton';

afterEach(cleanup);

function button() {
  return screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
}

describe('BusyButton', () => {
  it('can be pressed when not busy and shows no spinner', () => {
    const onClick = vi.fn();
    render(
      <BusyButton busy={false} onClick={onClick}>
        Save
      </BusyButton>,
    );
    expect(button().disabled).toBe(false);
    expect(button().type).toBe('button');
    expect(button().querySelector('.spinner-border')).toBeNull();
    fireEvent.click(button());
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('is disabled, marked busy and shows a spinner while busy', () => {
    const onClick = vi.fn();
    render(
      <BusyButton busy type="submit" onClick={onClick}>
        Save
      </BusyButton>,
    );
    expect(button().disabled).toBe(true);
    expect(button().type).toBe('submit');
    expect(button().getAttribute('aria-busy')).toBe('true');
    expect(
      button().querySelector('.spinner-border.spinner-border-sm.me-2[aria-hidden="true"]'),
    ).not.toBeNull();
    fireEvent.click(button());
    expect(onClick).not.toHaveBeenCalled();
  });

  it('is disabled when told so without being busy', () => {
    render(
      <BusyButton busy={false} disabled>
        Save
      </BusyButton>,
    );
    expect(button().disabled).toBe(true);
    expect(button().querySelector('.spinner-border')).toBeNull();
  });
});
