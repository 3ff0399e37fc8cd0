import { useEffect } from 'react';
import { useCurrentUser } from '../auth/api/session';
import { clearDrafts } from '../chat/drafts';
import { outbox } from '../chat/outbox';
import type { SocketLike } from './live-client';
import { usePageHiddenBeacon } from './page-hidden';
import { clearTypingAll } from './typing';
import { useLiveConnection } from './use-live';
import { showTotal, useMemberPolling } from './use-polling';

/**
 * App-wide, mounted once (router Root): for a signed-in member the live connection, the polling of chats and likes,
 * the page-hidden beacon, and the title prefix and app badge (unread messages plus new likes). Signing out closes and
 * clears it all.
 */
export function LiveSync({ createSocket }: { createSocket?: (url: string) => SocketLike }) {
  const user = useCurrentUser();
  const signedIn = Boolean(user);
  useLiveConnection(user ? user.id : null, createSocket);
  const { unread, newLikes } = useMemberPolling(signedIn);
  usePageHiddenBeacon(signedIn);
  const total = unread + newLikes;
  useEffect(() => {
    showTotal(total);
  }, [total]);
  useEffect(() => {
    if (user !== null) return;
    outbox.clear();
    clearDrafts();
    clearTypingAll();
  }, [user]);
  return null;
}
