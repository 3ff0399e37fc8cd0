// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { BANNER_ORDER, type BannerId, BannerSlot, pickBanner, useBannerTurn } from './banner-slot';

afterEach(cleanup);

describe('pickBanner', () => {
  it('picks the first of the documented order among the banners that apply', () => {
    expect(BANNER_ORDER).toEqual([
      'activation',
      'disabled-notifications',
      'finish-signup',
      'add-photo',
      'push',
      'time-bonus',
    ]);
    expect(pickBanner(new Set())).toBeNull();
    expect(pickBanner(new Set<BannerId>(['push', 'add-photo', 'time-bonus', 'activation']))).toBe(
      'activation',
    );
    expect(pickBanner(new Set<BannerId>(['push', 'add-photo', 'time-bonus']))).toBe('add-photo');
    expect(pickBanner(new Set<BannerId>(['time-bonus', 'push']))).toBe('push');
    expect(pickBanner(new Set<BannerId>(['time-bonus', 'finish-signup']))).toBe('finish-signup');
    expect(pickBanner(new Set<BannerId>(['time-bonus']))).toBe('time-bonus');
    expect(pickBanner(new Set<BannerId>(['push', 'disabled-notifications']))).toBe('disabled-notifications');
    expect(pickBanner(new Set<BannerId>(['push', 'add-photo']))).toBe('add-photo');
    expect(pickBanner(new Set<BannerId>(['push']))).toBe('push');
  });
});

/** A banner that applies until it is dismissed. */
function FakeBanner({ id }: { id: BannerId }) {
  const [dismissed, setDismissed] = useState(false);
  const turn = useBannerTurn(id, !dismissed);
  if (!turn) return null;
  return (
    <div data-testid={`banner-${id}`}>
      <button type="button" onClick={() => setDismissed(true)}>
        close {id}
      </button>
    </div>
  );
}

/** A page whose photo reminder may go away (the member added a photo elsewhere). */
function PhotoPage({ withPhoto }: { withPhoto: boolean }) {
  return (
    <BannerSlot>
      {withPhoto && <FakeBanner id="add-photo" />}
      <FakeBanner id="push" />
    </BannerSlot>
  );
}

const shown = () => [...document.querySelectorAll('[data-testid^="banner-"]')].map((el) => el.textContent);

describe('BannerSlot', () => {
  it('shows only the most important banner that applies, whatever the order they are written in', () => {
    render(
      <BannerSlot>
        <FakeBanner id="push" />
        <FakeBanner id="add-photo" />
        <FakeBanner id="time-bonus" />
        <FakeBanner id="activation" />
      </BannerSlot>,
    );
    expect(shown()).toEqual(['close activation']);
  });

  it('brings up the next one when the shown banner is dismissed, one at a time', () => {
    render(
      <BannerSlot>
        <FakeBanner id="time-bonus" />
        <FakeBanner id="add-photo" />
        <FakeBanner id="push" />
      </BannerSlot>,
    );
    expect(shown()).toEqual(['close add-photo']);
    fireEvent.click(screen.getByText('close add-photo'));
    expect(shown()).toEqual(['close push']);
    fireEvent.click(screen.getByText('close push'));
    expect(shown()).toEqual(['close time-bonus']);
    fireEvent.click(screen.getByText('close time-bonus'));
    expect(shown()).toEqual([]);
  });

  it('gives the turn back when a banner leaves the page', () => {
    const { rerender } = render(<PhotoPage withPhoto />);
    expect(shown()).toEqual(['close add-photo']);
    rerender(<PhotoPage withPhoto={false} />);
    expect(shown()).toEqual(['close push']);
  });

  it('lets a banner outside a slot show whenever it applies', () => {
    render(
      <>
        <FakeBanner id="add-photo" />
        <FakeBanner id="push" />
      </>,
    );
    expect(shown()).toEqual(['close add-photo', 'close push']);
  });
});
