import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RULES } from '../../../shared/rules';
import { setTitleCount } from '../../lib/head';
import { chatsQuery } from '../chat/api/chat';
import { likesQuery } from '../likes/api/likes';
import { usePushState } from '../push/push-state';

/**
 * Whether this browser holds a push subscription (then push messages announce news and polling slows down). Follows
 * the shared push state, so it turns true right after push is enabled, without a reload.
 */
export function usePushSubscribed(active: boolean): boolean {
  const push = usePushState();
  return active && push.capability === 'granted' && push.subscribed === true;
}

/**
 * Loads the chats and the received likes as soon as a member is signed in (so the title prefix, the app badge and the
 * top bar's counts are right from the start, not only after the first poll), then polls them (the live connection's
 * fallback): from RULES.polling.startDelayMs after sign-in every RULES.polling.intervalMs (intervalWithPushMs when
 * push is subscribed; a push message reloads both at once). Mounted once for the whole app (features/live/LiveSync).
 * Answers the unread messages and new likes.
 */
export function useMemberPolling(signedIn: boolean): { unread: number; newLikes: number } {
  const client = useQueryClient();
  const [started, setStarted] = useState(false);
  useEffect(() => {
    setStarted(false);
    if (!signedIn) return;
    const timer = setTimeout(() => setStarted(true), RULES.polling.startDelayMs);
    return () => clearTimeout(timer);
  }, [signedIn]);
  const push = usePushSubscribed(signedIn);
  const interval = push ? RULES.polling.intervalWithPushMs : RULES.polling.intervalMs;
  const refetchInterval = started ? interval : false;
  const likes = useQuery({ ...likesQuery('received', 1), enabled: signedIn, refetchInterval });
  const chats = useQuery({ ...chatsQuery, enabled: signedIn, refetchInterval });

  // The push service worker tells open windows about a push message: chats and likes reload then.
  useEffect(() => {
    if (!signedIn || !('serviceWorker' in navigator)) return;
    const onMessage = (e: MessageEvent) => {
      if ((e.data as { type?: string } | null)?.type !== 'push') return;
      void client.invalidateQueries({ queryKey: ['likes'] });
      void client.invalidateQueries({ queryKey: chatsQuery.queryKey });
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [signedIn, client]);

  return {
    unread: signedIn ? (chats.data?.total_unread ?? 0) : 0,
    newLikes: signedIn ? (likes.data?.counts.new ?? 0) : 0,
  };
}

type BadgeNavigator = Navigator & {
  setAppBadge?: (n: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
};

/** The app badge and the title prefix: unread messages plus new likes. */
export function showTotal(total: number): void {
  setTitleCount(total);
  const nav = navigator as BadgeNavigator;
  if (total > 0) void nav.setAppBadge?.(total).catch(() => undefined);
  else void nav.clearAppBadge?.().catch(() => undefined);
}
