import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LIVE_PATH } from '../../../shared/realtime';
import { RULES } from '../../../shared/rules';
import { userQuery } from '../auth/api/session';
import { applyLiveEvent, refreshAfterConnect } from './apply-event';
import { LiveClient, type SocketLike } from './live-client';

/** The connection of this tab (one per signed-in tab). */
let current: LiveClient | null = null;
const lastTypingSent = new Map<number, number>();

/** ws: or wss: like the page, on the page's host. */
export function liveUrl(): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}${LIVE_PATH}`;
}

/** Tells the partner the member is typing: at most once per RULES.chat.typingEventMinIntervalMs per conversation. */
export function sendTyping(conversation: number): void {
  const now = Date.now();
  if (now - (lastTypingSent.get(conversation) ?? 0) < RULES.chat.typingEventMinIntervalMs) return;
  if (current?.send({ type: 'typing', conversation_id: conversation })) lastTypingSent.set(conversation, now);
}

/**
 * Keeps the live connection open while a member is signed in (`userId`), applying its events to the query cache;
 * closes it on logout (or when another member signs in, reconnects for them). A socket closed because its session
 * ended makes the app ask the server who is signed in.
 */
export function useLiveConnection(userId: number | null, createSocket?: (url: string) => SocketLike): void {
  const client = useQueryClient();
  useEffect(() => {
    if (userId === null) return;
    if (!createSocket && typeof WebSocket === 'undefined') return;
    const live = new LiveClient({
      url: liveUrl(),
      onEvent: (event) => applyLiveEvent(client, event),
      // The session ended on the server: the user call says whether this tab is still signed in (then the member
      // is shown signed out and this connection stops).
      onSessionEnded: () => void client.invalidateQueries({ queryKey: userQuery.queryKey }),
      onConnect: () => {
        refreshAfterConnect(client);
        // The server counts a new connection as looking; a tab that reconnects in the background says it is not.
        if (document.visibilityState === 'hidden') live.send({ type: 'presence', visible: false });
      },
      ...(createSocket ? { createSocket } : {}),
    });
    current = live;
    live.start();
    const online = () => live.reconnectNow();
    // Presence (docs/notifications.md): nothing is pushed or mailed about what the member is looking at.
    const visible = () => {
      const shown = document.visibilityState === 'visible';
      live.send({ type: 'presence', visible: shown });
      if (shown) live.reconnectNow();
    };
    window.addEventListener('online', online);
    document.addEventListener('visibilitychange', visible);
    return () => {
      window.removeEventListener('online', online);
      document.removeEventListener('visibilitychange', visible);
      live.stop();
      if (current === live) current = null;
      lastTypingSent.clear();
    };
  }, [userId, client, createSocket]);
}
