import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RULES } from '../../../../shared/rules';
import { setTitleCount } from '../../../lib/head';
import { useCurrentUser } from '../../auth/api/session';
import { pushSupport } from '../../push/push-subscription';
import { likesQuery } from '../api/likes';

/** Whether this browser holds a push subscription (then push messages announce new likes and polling slows down). */
function usePushSubscribed(active: boolean): boolean {
  const [subscribed, setSubscribed] = useState(false);
  useEffect(() => {
    if (!active || pushSupport() !== 'granted') {
      setSubscribed(false);
      return;
    }
    let live = true;
    navigator.serviceWorker
      .getRegistration()
      .then((r) => r?.pushManager.getSubscription())
      .then((s) => live && setSubscribed(Boolean(s)))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [active]);
  return subscribed;
}

type BadgeNavigator = Navigator & {
  setAppBadge?: (n: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
};

/** The app badge and the title prefix: unread messages (none until chat exists) plus new likes. */
function showTotal(total: number): void {
  setTitleCount(total);
  const nav = navigator as BadgeNavigator;
  if (total > 0) void nav.setAppBadge?.(total).catch(() => undefined);
  else void nav.clearAppBadge?.().catch(() => undefined);
}

/**
 * The number of new received likes, for the top bar. Polled while signed in: first 5 s after mount, then every
 * 60 s (300 s when push is subscribed; a push message reloads at once). Also sets the title prefix and app badge.
 */
export function useNewLikesCount(): number {
  const user = useCurrentUser();
  const client = useQueryClient();
  const signedIn = Boolean(user);
  const [started, setStarted] = useState(false);
  useEffect(() => {
    setStarted(false);
    if (!signedIn) return;
    const timer = setTimeout(() => setStarted(true), RULES.polling.startDelayMs);
    return () => clearTimeout(timer);
  }, [signedIn]);
  const push = usePushSubscribed(signedIn);
  const likes = useQuery({
    ...likesQuery('received', 1),
    enabled: signedIn && started,
    refetchInterval: push ? RULES.polling.intervalWithPushMs : RULES.polling.intervalMs,
  });

  // The push service worker tells open windows about a push message: likes reload then.
  useEffect(() => {
    if (!signedIn || !('serviceWorker' in navigator)) return;
    const onMessage = (e: MessageEvent) => {
      if ((e.data as { type?: string } | null)?.type === 'push')
        void client.invalidateQueries({ queryKey: ['likes'] });
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [signedIn, client]);

  const count = signedIn ? (likes.data?.counts.new ?? 0) : 0;
  useEffect(() => {
    // Unread messages are 0 until chat exists.
    showTotal(count);
  }, [count]);
  return count;
}
