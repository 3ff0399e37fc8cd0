import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { RULES } from '../../../../shared/rules';
import type { AutoLikeResponse } from '../../../../shared/schemas/matching';
import { useCurrentUser } from '../../auth/api/session';
import { autoLikeCall } from '../../matching/api/matching';
import { likesQuery } from '../api/likes';
import { onLikeArrived } from '../like-arrivals';

/** The `t` query parameter: a positive number of seconds, else undefined. */
export function likeModalDelaySeconds(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

export type AnnouncedLike = NonNullable<AutoLikeResponse['profile']> & { match: boolean };

/**
 * When to show the like modal (GET /api/auto-like.php: a real member's like not announced yet):
 * - the `t` query parameter (seconds) opens it after that delay, and is then removed from the URL;
 * - a like arriving live (features/live: the like.new event) opens it at once;
 * - the new-likes count of the polled likes rising (a like came in while the member is here) opens it at once.
 * Likes reload RULES.autoLikeReloadDelayMs after each announcement. Only while signed in and `enabled`.
 */
export function useAutoLike(enabled: boolean): { like: AnnouncedLike | null; dismiss: () => void } {
  const user = useCurrentUser();
  const signedIn = Boolean(user) && enabled;
  const client = useQueryClient();
  const [like, setLike] = useState<AnnouncedLike | null>(null);
  const [params, setParams] = useSearchParams();
  const asking = useRef(false);

  const announce = useCallback(async () => {
    if (asking.current) return;
    asking.current = true;
    try {
      const answer = await autoLikeCall();
      if (answer.profile) setLike({ ...answer.profile, match: answer.match });
      setTimeout(() => void client.invalidateQueries({ queryKey: ['likes'] }), RULES.autoLikeReloadDelayMs);
    } catch {
      // A like modal that cannot be loaded is simply not shown.
    } finally {
      asking.current = false;
    }
  }, [client]);

  // The t parameter.
  const delay = likeModalDelaySeconds(params.get('t'));
  useEffect(() => {
    if (!signedIn || delay === undefined) return;
    const timer = setTimeout(() => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('t');
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
      void announce();
    }, delay * 1000);
    return () => clearTimeout(timer);
  }, [signedIn, delay, announce, setParams]);

  // A like arriving on the live connection.
  useEffect(() => {
    if (!signedIn) return;
    return onLikeArrived(() => void announce());
  }, [signedIn, announce]);

  // New likes arriving: the polled count (features/live/use-polling keeps this query fresh) goes up.
  const polled = useQuery({ ...likesQuery('received', 1), enabled: false });
  const count = polled.data?.counts.new;
  const last = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!signedIn || count === undefined) return;
    const before = last.current;
    last.current = count;
    if (before !== undefined && count > before) void announce();
  }, [signedIn, count, announce]);

  return { like, dismiss: () => setLike(null) };
}
