import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { MatchCard, SwipeDeckResponse } from '../../../../shared/schemas/matching';
import type { ProfileCard } from '../../../../shared/schemas/members';
import { ApiError } from '../../../lib/http';
import { afterLikeChange } from '../../likes/api/likes';
import { swipeCall, swipeDeckQuery } from '../api/matching';

export type SwipeAction = 'like' | 'pass';

/** Today's likes: how many are left of how many, and when the next free ones come. */
export type SwipeAllowance = Pick<SwipeDeckResponse, 'likes_left' | 'likes_per_day' | 'next_free_at'>;

/** A swipe the server did not take: the card is back on top and the member may try again. */
export interface SwipeFailure {
  card: MatchCard;
  action: SwipeAction;
  reason: 'rate_limited' | 'network' | 'generic';
}

/** Fewer cards than this left: the next cards are asked for in the background. */
export const SWIPE_REFILL_BELOW = 3;

interface DeckState {
  cards: MatchCard[];
  /** the last deck answer gave nothing new: the server has no more cards for this session */
  exhausted: boolean;
  /** `dataUpdatedAt` of the deck answer merged last */
  mergedAt: number;
}

type DeckEvent =
  | { type: 'merge'; deck: MatchCard[]; skip: ReadonlySet<number>; at: number }
  | { type: 'remove'; id: number }
  | { type: 'restore'; card: MatchCard };

function deckReducer(state: DeckState, event: DeckEvent): DeckState {
  switch (event.type) {
    case 'merge': {
      if (event.at === state.mergedAt) return state;
      const have = new Set(state.cards.map((c) => c.id));
      const fresh = event.deck.filter((c) => !event.skip.has(c.id) && !have.has(c.id));
      return { cards: [...state.cards, ...fresh], exhausted: fresh.length === 0, mergedAt: event.at };
    }
    case 'remove':
      return { ...state, cards: state.cards.filter((c) => c.id !== event.id) };
    case 'restore':
      return { ...state, cards: [event.card, ...state.cards.filter((c) => c.id !== event.card.id)] };
  }
}

const allowanceOf = (a: SwipeAllowance): SwipeAllowance => ({
  likes_left: a.likes_left,
  likes_per_day: a.likes_per_day,
  next_free_at: a.next_free_at,
});

function failureReason(err: unknown): SwipeFailure['reason'] {
  if (err instanceof ApiError && err.status === 429) return 'rate_limited';
  if (err instanceof ApiError && err.status === 0) return 'network';
  return 'generic';
}

/**
 * The swipe game's deck, consumed locally: a swipe takes the top card away at once and tells the server in the
 * background; a failed swipe puts the card back (except 404: the member is gone, so the card stays away). The deck
 * is asked for again when it runs low; cards swiped in this session never come back from a later answer.
 */
export function useSwipeDeck() {
  const client = useQueryClient();
  // gcTime 0: the cached deck still holds the cards swiped on an earlier visit, so every visit asks anew.
  const query = useQuery({ ...swipeDeckQuery(), gcTime: 0 });
  const [deck, dispatch] = useReducer(deckReducer, { cards: [], exhausted: false, mergedAt: 0 });
  const seen = useRef(new Set<number>());
  const likesInFlight = useRef(0);
  const [allowance, setAllowance] = useState<SwipeAllowance | null>(null);
  /** set by a 403 swipe_limit_reached, with the server's (translated) message */
  const [limitHit, setLimitHit] = useState<{ message: string } | null>(null);
  const [failure, setFailure] = useState<SwipeFailure | null>(null);
  const [match, setMatch] = useState<ProfileCard | null>(null);
  const [last, setLast] = useState<{ name: string; action: SwipeAction } | null>(null);

  const { data, dataUpdatedAt } = query;
  useEffect(() => {
    if (!data) return;
    dispatch({ type: 'merge', deck: data.deck, skip: new Set(seen.current), at: dataUpdatedAt });
    // While likes are on their way the answer may not count them yet: the local count is the better one.
    if (likesInFlight.current === 0) setAllowance(allowanceOf(data));
  }, [data, dataUpdatedAt]);

  const { refetch, isFetching, isError } = query;
  const low =
    data !== undefined &&
    deck.mergedAt === dataUpdatedAt &&
    !deck.exhausted &&
    deck.cards.length < SWIPE_REFILL_BELOW &&
    !isFetching &&
    !isError;
  useEffect(() => {
    if (low) void refetch();
  }, [low, refetch]);

  const swipe = useCallback(
    (card: MatchCard, action: SwipeAction) => {
      if (seen.current.has(card.id)) return;
      seen.current.add(card.id);
      dispatch({ type: 'remove', id: card.id });
      setFailure(null);
      setLast({ name: card.name, action });
      const like = action === 'like';
      if (like) {
        likesInFlight.current++;
        setAllowance((a) => a && { ...a, likes_left: Math.max(0, a.likes_left - 1) });
      }
      swipeCall(card.id, action).then(
        (res) => {
          if (like) {
            likesInFlight.current--;
            afterLikeChange(client, card.id, true, res.match);
            if (res.match) setMatch(res.profile ?? card);
          }
          if (likesInFlight.current === 0) setAllowance(allowanceOf(res));
        },
        (err: unknown) => {
          if (like) {
            likesInFlight.current--;
            // The like did not count.
            setAllowance((a) => a && { ...a, likes_left: Math.min(a.likes_per_day, a.likes_left + 1) });
          }
          setLast(null);
          if (err instanceof ApiError && err.status === 404) return; // the member is gone: skip the card
          seen.current.delete(card.id);
          dispatch({ type: 'restore', card });
          if (err instanceof ApiError && err.code === 'swipe_limit_reached') {
            setAllowance((a) => a && { ...a, likes_left: 0 });
            setLimitHit({ message: err.message });
            return;
          }
          setFailure({ card, action, reason: failureReason(err) });
        },
      );
    },
    [client],
  );

  const limitReached = limitHit !== null || allowance?.likes_left === 0;

  return {
    query,
    cards: deck.cards,
    /** no cards left and none coming */
    empty: data !== undefined && deck.cards.length === 0 && deck.mergedAt === dataUpdatedAt && !isFetching,
    allowance,
    limitReached,
    /** the server's message when a like hit the limit (else the screen says it in its own words) */
    limitMessage: limitHit?.message || null,
    failure,
    dismissFailure: useCallback(() => setFailure(null), []),
    match,
    dismissMatch: useCallback(() => setMatch(null), []),
    /** the last swipe, for the screen reader announcement */
    last,
    swipe,
  };
}
