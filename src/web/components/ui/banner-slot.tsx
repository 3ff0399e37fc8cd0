import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';

/**
 * The banners of the default layout, most important first. One slot under the top bar shows only the first of them
 * that applies (on phones and on desktop), so the page itself starts on the first screen; when it is dismissed or
 * done, the next one comes up.
 *
 * 1. activation: the address is not confirmed, so the profile is switched off and nobody can see or write to the
 *    member; it cannot be dismissed, and nothing else matters before it is done.
 * 2. disabled-notifications: e-mail to the member stopped (complaint, bounce, unsubscribe), so messages and likes go
 *    unnoticed.
 * 3. finish-signup: the member left the signup steps before the last (photo, gender and orientation, where they live);
 *    until they are done the member is hard to find, and it links back to the step left.
 * 4. add-photo: members without a photo get far fewer answers.
 * 5. push: so that a message or a like is seen at once.
 * 6. time-bonus: the welcome discount. It comes last because it cannot be dismissed and runs for hours: above the
 *    others it would hide them all that time, while each of those is done or dismissed with one tap. Its popup
 *    announces the offer on its own (40 s into the members area at 0 credits).
 */
export const BANNER_ORDER = [
  'activation',
  'disabled-notifications',
  'finish-signup',
  'add-photo',
  'push',
  'time-bonus',
] as const;
export type BannerId = (typeof BANNER_ORDER)[number];

/** The one banner to show: the first of BANNER_ORDER among those that apply, or null. */
export function pickBanner(applying: ReadonlySet<BannerId>): BannerId | null {
  return BANNER_ORDER.find((id) => applying.has(id)) ?? null;
}

interface Slot {
  chosen: BannerId | null;
  claim(id: BannerId, applies: boolean): void;
}

const SlotContext = createContext<Slot | null>(null);

/**
 * The single banner slot (default layout). The banners inside tell it whether they apply (useBannerTurn); it lets
 * only the most important one render. Claims are made in layout effects, so the choice is settled before the
 * browser paints: no banner flashes up and away.
 */
export function BannerSlot({ children }: { children: ReactNode }) {
  const [applying, setApplying] = useState<ReadonlySet<BannerId>>(() => new Set());
  const claim = useCallback((id: BannerId, applies: boolean) => {
    setApplying((prev) => {
      if (prev.has(id) === applies) return prev;
      const next = new Set(prev);
      if (applies) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const chosen = pickBanner(applying);
  const slot = useMemo(() => ({ chosen, claim }), [chosen, claim]);
  return (
    <SlotContext.Provider value={slot}>
      <div className="layout-banners" data-banner={chosen ?? undefined}>
        {children}
      </div>
    </SlotContext.Provider>
  );
}

/**
 * Whether banner `id` shows now: it `applies` and, inside a BannerSlot, no more important banner applies. Outside a
 * slot (a banner rendered on its own) it shows whenever it applies.
 */
export function useBannerTurn(id: BannerId, applies: boolean): boolean {
  const slot = useContext(SlotContext);
  const claim = slot?.claim;
  useLayoutEffect(() => {
    claim?.(id, applies);
  }, [claim, id, applies]);
  useLayoutEffect(() => () => claim?.(id, false), [claim, id]);
  if (!slot) return applies;
  return applies && slot.chosen === id;
}
