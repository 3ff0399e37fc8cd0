import { useCallback, useState } from 'react';
import type { MatchCard } from '../../../../shared/schemas/matching';
import type { ProfileCard } from '../../../../shared/schemas/members';
import type { SwipeAction } from '../../matching/hooks/use-swipe-deck';

/** Likes after which the lander invites the visitor to sign up. */
export const LIKES_TO_INVITE = 3;
/** Cards in the teaser: a few, not the whole showcase. */
export const TEASER_SIZE = 10;

/**
 * The swipe card shows a MatchCard; a showcase card has no "why it fits", so those parts stay empty. Members with a
 * photo come first (a stable sort keeps the showcase's order otherwise).
 */
export function teaserCards(profiles: readonly ProfileCard[]): MatchCard[] {
  return [...profiles]
    .sort((a, b) => Number(b.main_image !== null) - Number(a.main_image !== null))
    .slice(0, TEASER_SIZE)
    .map((p) => ({ ...p, shared_interests: 0, distance_km: null }));
}

export interface TeaserChoice {
  action: SwipeAction;
  name: string;
}

/**
 * The visitor's swipes on the lander: a teaser kept in component state only, nothing goes to the server. The deck is
 * taken once from the first showcase answer, so a refetch never reshuffles the cards under the visitor's finger.
 */
export function useTeaserDeck(profiles: readonly ProfileCard[] | undefined) {
  const [deck, setDeck] = useState<MatchCard[] | null>(null);
  if (deck === null && profiles !== undefined) setDeck(teaserCards(profiles));
  const [position, setPosition] = useState(0);
  const [liked, setLiked] = useState<MatchCard[]>([]);
  const [last, setLast] = useState<TeaserChoice | null>(null);
  /** the visitor chose to keep swiping after the invitation: it comes back when the cards run out */
  const [resumed, setResumed] = useState(false);

  const cards = deck?.slice(position) ?? [];
  const outOfCards = deck !== null && cards.length === 0;
  const inviting = outOfCards || (liked.length >= LIKES_TO_INVITE && !resumed);

  const choose = useCallback((card: MatchCard, action: SwipeAction) => {
    setPosition((p) => p + 1);
    if (action === 'like') setLiked((l) => [...l, card]);
    setLast({ action, name: card.name });
  }, []);
  const resume = useCallback(() => setResumed(true), []);

  return {
    ready: deck !== null,
    cards,
    liked,
    last,
    inviting,
    outOfCards,
    resumed,
    swiped: position,
    choose,
    resume,
  };
}
